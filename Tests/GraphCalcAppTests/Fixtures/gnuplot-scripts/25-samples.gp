# set samples: a function drawn with points takes that many samples across the x range.
set samples 50
plot [0:5] sin(x) with points, cos(x) with impulses
