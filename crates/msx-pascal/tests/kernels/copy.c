#include "msx.h"
#define N 1000
static int a[N + 1], b[N + 1];
void main(void)
{
    int i, r, sum;
    for (i = 1; i <= N; i++) a[i] = i;
    for (r = 1; r <= 20; r++)
        for (i = 1; i <= N; i++) b[i] = a[i] + r;
    sum = 0;
    for (i = 1; i <= N; i++) sum += b[i];
    print_int(sum);
    newline();
}
