#include "msx.h"
static unsigned char g[26][26];
static void fill(int x, int y)
{
    if (g[x][y] != 0) return;
    g[x][y] = 2;
    fill(x + 1, y);
    fill(x - 1, y);
    fill(x, y + 1);
    fill(x, y - 1);
}
void main(void)
{
    int i, j, count = 0;
    for (i = 0; i <= 25; i++)
        for (j = 0; j <= 25; j++)
            g[i][j] = (i == 0 || j == 0 || i == 25 || j == 25 || (i == 12 && j < 20)) ? 1 : 0;
    fill(1, 1);
    for (i = 0; i <= 25; i++)
        for (j = 0; j <= 25; j++)
            if (g[i][j] == 2) count++;
    print_int(count);
    newline();
}
