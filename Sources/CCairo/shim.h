// cairo (image and PDF surfaces) with FreeType faces, for the PNG and PDF renderer.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <zlib.h>
