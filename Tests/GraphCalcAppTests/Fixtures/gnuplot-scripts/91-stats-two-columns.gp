# gnuplot's stats of two columns under a name of its own: each column's figures and the
# regression line's, then the residuals of that line plotted.
stats 'silver.dat' using 1:2 name "A" nooutput
# compare: variables A_records A_invalid A_blank A_blocks A_columns A_mean_x A_mean_y A_stddev_x A_stddev_y A_ssd_x A_ssd_y A_skewness_x A_skewness_y A_kurtosis_x A_kurtosis_y A_adev_x A_adev_y A_mean_err_x A_mean_err_y A_stddev_err_x A_stddev_err_y A_skewness_err_x A_skewness_err_y A_kurtosis_err_x A_kurtosis_err_y A_sum_x A_sum_y A_sumsq_x A_sumsq_y A_min_x A_min_y A_max_x A_max_y A_median_x A_median_y A_lo_quartile_x A_lo_quartile_y A_up_quartile_x A_up_quartile_y A_index_min_x A_index_min_y A_index_max_x A_index_max_y A_slope A_intercept A_slope_err A_intercept_err A_correlation A_sumxy A_pos_min_y A_pos_max_y
plot 'silver.dat' using 1:($2 - (A_slope*$1 + A_intercept)) with points
