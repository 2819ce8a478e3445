#include "msx.h"
/* Pascal strings by hand: a length byte, then the characters. */
static unsigned char s[256], t[11];
static void str_int(int v, unsigned char *d)
{
    char buf[7]; int n = 0, k = 0;
    unsigned int u = v < 0 ? (unsigned int)(-(long)v) : (unsigned int)v;
    do { buf[n++] = '0' + (char)(u % 10); u /= 10; } while (u);
    if (v < 0) d[++k] = '-';
    while (n) d[++k] = buf[--n];
    d[0] = (unsigned char)k;
}
static void append(unsigned char *d, const unsigned char *src, unsigned char max)
{
    unsigned char i;
    for (i = 1; i <= src[0] && d[0] < max; i++) d[++d[0]] = src[i];
}
static int pos(const unsigned char *sub, const unsigned char *str)
{
    int i, j;
    for (i = 1; i + sub[0] - 1 <= str[0]; i++) {
        for (j = 1; j <= sub[0] && str[i + j - 1] == sub[j]; j++);
        if (j > sub[0]) return i;
    }
    return 0;
}
static int copy_len(const unsigned char *str, int index, int count)
{
    int avail = str[0] - index + 1;
    if (avail < 0) avail = 0;
    return count < avail ? count : avail;
}
static const unsigned char comma[] = {1, ','};
static const unsigned char seven[] = {2, '7', ','};
void main(void)
{
    int i, n = 0;
    for (i = 1; i <= 50; i++) {
        s[0] = 0;
        while (s[0] < 200) {
            str_int(i, t);
            append(s, t, 255);
            append(s, comma, 255);
        }
        n += pos(seven, s) + copy_len(s, 10, 20);
    }
    print_int(n);
    newline();
}
