/* The search of rotation/build/bases.py (``anneal``) in C, step for step (same random numbers, same
 * choices, same answer), about 50 times faster. It found the book's base rounds (rotation.build.bases.FOUND:
 * seeds and moves there).
 *
 *   cc -O2 -o base_search tools/base_search.c -lm
 *   ./base_search Q KIND SEED MOVES [TEMPERATURE]    e.g. ./base_search 23 0 1 50000000 0.5
 *
 * KIND: 0 = type 3^u (3 fixed players), 1 = RBIBD (1 fixed player), 2 = type 2^u (2 fixed players, Q = 2k
 * with a unit of order 3). Prints "found ... moves=M" and one representative table a line, "y,class ..."
 * as anneal returns them, or "none ... best=C" (the lowest cost reached). See the Python module. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state;
static unsigned long long next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
static double uniform(void) { return (next() >> 11) * (1.0 / 9007199254740992.0); }
static int below(int n) { return (int)(next() % (unsigned long long)n); }

static int q, m = 1, S, F, T, K;
static int y[128], label[128], table_of[128], tables[64][4], size[64], counts[512], targets[512];

static int mod(int a) { return ((a % q) + q) % q; }
static int key(int s, int r) {
    int i = label[s], j = label[r], a = y[s], b = y[r];
    if (s == r) return mod((m - 1) * a); /* a fixed table turned onto itself: its one orbit of pairs */
    if (i == j) {
        int e = mod(b - a);
        return q + (q - e < e ? q - e : e);
    }
    if ((i + 1) % 3 == j) return mod(m * b - a);
    return mod(m * a - b);
}
static int pairs(int t, int *out) {
    int n = 0;
    if (size[t] == 1) {
        out[0] = key(tables[t][0], tables[t][0]);
        return 1;
    }
    for (int a = 0; a < size[t]; a++)
        for (int b = a + 1; b < size[t]; b++) out[n++] = key(tables[t][a], tables[t][b]);
    return n;
}
static void shuffle(int *xs, int n) {
    for (int a = n - 1; a > 0; a--) {
        int b = below(a + 1), t = xs[a];
        xs[a] = xs[b];
        xs[b] = t;
    }
}

int main(int argc, char **argv) {
    if (argc < 5) return 2;
    q = atoi(argv[1]);
    int kind = atoi(argv[2]);
    long long seed = atoll(argv[3]), moves = atoll(argv[4]);
    double temperature = argc > 5 ? atof(argv[5]) : 0.5;
    state = ((unsigned long long)seed * 2654435761ULL + 11) & 0xFFFFFFFFFFFFFFFFULL;
    for (int i = 0; i < 20; i++) next();
    int half = q / 2, xs[128], n = 0;
    K = q + half + 1;
    for (int k = 0; k < K; k++) targets[k] = 1;
    targets[q] = 0;
    if (kind == 0) targets[0] = 0;
    if (kind == 2) {
        targets[q + half] = 0;
        m = 0;
        for (int c = 2; c < q && !m; c++)
            if (c * c % q != 1 && c * c % q * c % q == 1) m = c;
        if (!m) {
            printf("no unit of order 3 mod %d\n", q);
            return 2;
        }
    }
    for (int a = (kind == 1 ? 1 : 0); a < q; a++) xs[n++] = a;
    shuffle(xs, n);
    S = T = 0;
    if (kind == 0) {
        size[0] = 3;
        for (int i = 0; i < 3; i++, S++) y[S] = xs[S], label[S] = i, tables[0][i] = S, table_of[S] = 0;
        T = 1;
    } else if (kind == 2) {
        for (; T < 2; T++, S++) size[T] = 1, y[S] = xs[S], label[S] = 0, tables[T][0] = S, table_of[S] = T;
    }
    F = S;
    for (int t = (n - F) / 4; t > 0; t--, T++) {
        size[T] = 4;
        for (int k = 0; k < 4; k++, S++) y[S] = xs[S], label[S] = below(3), tables[T][k] = S, table_of[S] = T;
    }
    int removed[64], added[64];
    if (kind == 1) counts[0] = 1;
    for (int t = 0; t < T; t++) {
        int c = pairs(t, removed);
        for (int k = 0; k < c; k++) counts[removed[k]]++;
    }
    long long cost = 0, best;
    for (int k = 0; k < K; k++) cost += (long long)(counts[k] - targets[k]) * (counts[k] - targets[k]);
    best = cost;
    for (long long move = 0; move < moves; move++) {
        int touched[2], nt, s, r = -1, old = 0, relabel = S > F && below(3) == 0;
        if (relabel) {
            s = F + below(S - F);
            old = label[s];
            touched[0] = table_of[s];
            nt = 1;
        } else {
            s = below(S);
            r = below(S);
            if (y[s] == y[r]) continue;
            touched[0] = table_of[s];
            touched[1] = table_of[r];
            nt = touched[0] == touched[1] ? 1 : 2;
        }
        int nr = 0, na = 0;
        for (int u = 0; u < nt; u++) nr += pairs(touched[u], removed + nr);
        long long delta = 0;
        for (int k = 0; k < nr; k++) delta += -2 * (counts[removed[k]] - targets[removed[k]]) + 1, counts[removed[k]]--;
        if (relabel) label[s] = (old + 1 + below(2)) % 3;
        else { int t = y[s]; y[s] = y[r]; y[r] = t; }
        for (int u = 0; u < nt; u++) na += pairs(touched[u], added + na);
        for (int k = 0; k < na; k++) delta += 2 * (counts[added[k]] - targets[added[k]]) + 1, counts[added[k]]++;
        if (delta <= 0 || uniform() < exp(-delta / temperature)) {
            cost += delta;
            if (cost < best) best = cost;
            if (cost == 0) {
                printf("found q=%d kind=%d seed=%lld moves=%lld\n", q, kind, seed, move);
                for (int t = 0; t < T; t++) {
                    for (int k = 0; k < size[t]; k++) printf("%d,%d ", y[tables[t][k]], label[tables[t][k]]);
                    printf("\n");
                }
                return 0;
            }
        } else {
            for (int k = 0; k < na; k++) counts[added[k]]--;
            for (int k = 0; k < nr; k++) counts[removed[k]]++;
            if (relabel) label[s] = old;
            else { int t = y[s]; y[s] = y[r]; y[r] = t; }
        }
    }
    printf("none q=%d kind=%d seed=%lld best=%lld\n", q, kind, seed, best);
    return 1;
}
