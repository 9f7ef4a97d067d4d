# gnuplot's stats of one column (stats.dem's idiom): its variables, then a plot that reads them.
stats 'silver.dat' using 2 nooutput
# compare: variables STATS_records STATS_invalid STATS_blank STATS_blocks STATS_columns STATS_mean STATS_stddev STATS_ssd STATS_skewness STATS_kurtosis STATS_adev STATS_mean_err STATS_stddev_err STATS_skewness_err STATS_kurtosis_err STATS_sum STATS_sumsq STATS_min STATS_max STATS_median STATS_lo_quartile STATS_up_quartile STATS_index_min STATS_index_max 
plot 'silver.dat' using 1:(($2 - STATS_mean)/STATS_stddev) with points
