/* Output for the SDCC versions of the kernels: CHPUT (00A2h), and integers in decimal. */
static void chput(char c) __naked
{
    (void)c; /* in A (SDCC's __sdcccall(1)) */
    __asm__("call 0x00A2\n ret");
}

static void print_int(int v)
{
    char buf[7];
    unsigned int u;
    int n = 0;
    if (v < 0) {
        chput('-');
        u = (unsigned int)(-(long)v);
    } else {
        u = (unsigned int)v;
    }
    do {
        buf[n++] = '0' + (char)(u % 10);
        u /= 10;
    } while (u != 0);
    while (n > 0)
        chput(buf[--n]);
}

static void newline(void)
{
    chput(13);
    chput(10);
}
