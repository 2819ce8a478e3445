#include "msx.h"
#define N 200
static int a[N + 1];
void main(void)
{
    int i, j, t, sum;
    for (i = 1; i <= N; i++) a[i] = (i * 37) % 211;
    for (i = 1; i <= N - 1; i++)
        for (j = 1; j <= N - i; j++)
            if (a[j] < a[j + 1]) {
                t = a[j]; a[j] = a[j + 1]; a[j + 1] = t;
            }
    sum = 0;
    for (i = 1; i <= N; i++) sum += a[i] * (i % 7);
    print_int(a[1]); chput(' '); print_int(a[N]); chput(' '); print_int(sum);
    newline();
}
