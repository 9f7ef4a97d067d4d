// libsixel: colour quantisation (dithering) and the sixel encoder, for inline images.
#include <sixel.h>
