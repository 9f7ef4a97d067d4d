# set object (help set object, rectangle.dem's forms): rectangles, circles, ellipses and
# polygons in first, graph and screen coordinates change no plotted point; unset object
# takes one away (their drawing: ObjectsAndPointLabelsTests).
set object 1 rectangle from 1,1 to 3,4 fc rgb "gold" fs solid 0.5 border lc rgb "black" lw 2 back
set object 2 rect center graph 0.5,0.5 size graph 0.2,0.1 fillcolor rgb "cyan" behind
set object 3 circle at 2,2 size 0.5 arc [0:270] fc rgb "red" fs transparent solid 0.3 front
set object 4 ellipse at screen 0.5,0.5 size screen 0.2,0.1 angle 20 fs empty border lc rgb "blue" dt 2
set object 5 polygon from 0,0 to 1,2 to 2,0 to 0,0 fs solid 1 noborder
unset object 4
plot "labels.dat" using 2:3 with linespoints
