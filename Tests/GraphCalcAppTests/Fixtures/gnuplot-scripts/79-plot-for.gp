# Plot iteration over columns: one curve per column, titled with sprintf.
plot for [col = 2:4] 'xyerr.dat' using 1:col title sprintf("column %d", col) with lines
