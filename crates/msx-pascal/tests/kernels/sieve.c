#include "msx.h"
#define SIZE 8190
static unsigned char flags[SIZE + 1];
void main(void)
{
    int i, k, count = 0;
    for (i = 0; i <= SIZE; i++) flags[i] = 1;
    for (i = 2; i <= SIZE; i++)
        if (flags[i]) {
            for (k = i + i; k <= SIZE; k += i) flags[k] = 0;
            count++;
        }
    print_int(count);
    newline();
}
