# stats of an expression in one data set (index), with a cell that is not a number; the
# quartiles of an odd count; prefix is gnuplot's other word for name.
stats 'stats-blocks.dat' index 1 using ($2*1000) prefix "B"
# compare: variables B_records B_invalid B_blank B_blocks B_columns B_mean B_stddev B_ssd B_skewness B_kurtosis B_adev B_mean_err B_stddev_err B_skewness_err B_kurtosis_err B_sum B_sumsq B_min B_max B_median B_lo_quartile B_up_quartile B_index_min B_index_max 
plot 'stats-blocks.dat' using 1:($2 > B_median/1000 ? $2 : 1/0) with points
