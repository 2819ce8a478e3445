#include "msx.h"
void main(void)
{
    int i, x, y, acc = 0;
    for (i = 1; i <= 2000; i++) {
        x = i * 31 + 7;
        y = x * (i % 13 + 1);
        acc = acc + y / (i % 17 + 1) + x % 10;
    }
    print_int(acc);
    newline();
}
