#include <stdio.h>
#include <editline/readline.h>
#include <histedit.h>
