/* The search of rotation/build/bases_multi.py (``anneal``) in C, step for step (same random numbers, same
 * choices, same answer), many times faster. It reads the instance ``bases_multi.instance_text`` writes:
 *
 *   python -m rotation.build.bases_multi 92 > /tmp/i92.txt
 *   cc -O2 -o multi_search tools/multi_search.c -lm
 *   ./multi_search SEED MOVES TEMPERATURE < /tmp/i92.txt
 *
 * Prints "found seed=S moves=M" and, for each round, one line "orbit,label ..." of its slots (as anneal
 * returns them), or "none seed=S best=C" (the lowest cost reached). See the Python module. */
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

#define MAXR 8
#define MAXS 160
static int R, K, B, L[MAXR], F[MAXR], S[MAXR], *key[MAXR], *solo[MAXR];
static int orb[MAXR][MAXS], lab[MAXR][MAXS], *targets, *counts, *bstart, *bsize, *bclass;

static int rd(void) {
    int v;
    if (scanf("%d", &v) != 1) exit(3);
    return v;
}
static int put(int bundle, int *out) {
    for (int k = 0; k < bsize[bundle]; k++) out[k] = bclass[bstart[bundle] + k];
    return bsize[bundle];
}
/* A table's classes: t < F a fixed player's table (one slot), then tables of four slots (one player of
 * each orbit, by its label): the bundles of their pairs. */
static int pairs(int r, int t, int *out) {
    if (t < F[r]) return put(solo[r][t * S[r] + orb[r][t]], out);
    int items = S[r] * L[r], b = F[r] + 4 * (t - F[r]), n = 0;
    for (int a = b; a < b + 4; a++)
        for (int c = a + 1; c < b + 4; c++)
            n += put(key[r][(orb[r][a] * L[r] + lab[r][a]) * items + orb[r][c] * L[r] + lab[r][c]], out + n);
    return n;
}
static int table_of(int r, int s) { return s < F[r] ? s : F[r] + (s - F[r]) / 4; }
static int *rdn(int n) {
    int *xs = malloc(sizeof(int) * (n ? n : 1));
    for (int i = 0; i < n; i++) xs[i] = rd();
    return xs;
}

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    long long seed = atoll(argv[1]), moves = atoll(argv[2]);
    double temperature = atof(argv[3]);
    R = rd(), K = rd(), B = rd();
    targets = rdn(K);
    counts = rdn(K);
    bstart = malloc(sizeof(int) * B);
    bsize = malloc(sizeof(int) * B);
    for (int b = 0, at = 0, room = 0; b < B; b++) {
        bstart[b] = at, bsize[b] = rd();
        if (at + bsize[b] > room) bclass = realloc(bclass, sizeof(int) * (room = 2 * room + 64));
        for (int k = 0; k < bsize[b]; k++) bclass[at++] = rd();
    }
    for (int r = 0; r < R; r++) {
        S[r] = rd(), L[r] = rd(), F[r] = rd();
        key[r] = rdn(S[r] * L[r] * S[r] * L[r]);
        solo[r] = rdn(F[r] * S[r]);
    }
    state = ((unsigned long long)seed * 2654435761ULL + 11) & 0xFFFFFFFFFFFFFFFFULL;
    for (int i = 0; i < 20; i++) next();
    for (int r = 0; r < R; r++) {
        for (int s = 0; s < S[r]; s++) orb[r][s] = s;
        for (int a = S[r] - 1; a > 0; a--) {
            int b = below(a + 1), t = orb[r][a];
            orb[r][a] = orb[r][b];
            orb[r][b] = t;
        }
        for (int s = 0; s < S[r]; s++) lab[r][s] = s < F[r] ? 0 : below(L[r]);
    }
    int removed[128], added[128];
    for (int r = 0; r < R; r++)
        for (int t = 0; t < table_of(r, S[r] - 1) + 1; t++) {
            int c = pairs(r, t, removed);
            for (int k = 0; k < c; k++) counts[removed[k]]++;
        }
    long long cost = 0, best;
    for (int k = 0; k < K; k++) cost += (long long)(counts[k] - targets[k]) * (counts[k] - targets[k]);
    best = cost;
    for (long long move = 0; move < moves; move++) {
        int r = below(R), touched[2], nt, s, o = -1, old = 0, relabel = below(3) == 0;
        if (relabel) {
            s = F[r] + below(S[r] - F[r]);
            old = lab[r][s];
            touched[0] = table_of(r, s);
            nt = 1;
        } else {
            s = below(S[r]);
            o = below(S[r]);
            if (s == o) continue;
            touched[0] = table_of(r, s);
            touched[1] = table_of(r, o);
            nt = touched[0] == touched[1] ? 1 : 2;
        }
        int nr = 0, na = 0;
        for (int u = 0; u < nt; u++) nr += pairs(r, touched[u], removed + nr);
        long long delta = 0;
        for (int k = 0; k < nr; k++)
            delta += -2 * (counts[removed[k]] - targets[removed[k]]) + 1, counts[removed[k]]--;
        if (relabel) lab[r][s] = (old + 1 + below(L[r] - 1)) % L[r];
        else { int t = orb[r][s]; orb[r][s] = orb[r][o]; orb[r][o] = t; }
        for (int u = 0; u < nt; u++) na += pairs(r, touched[u], added + na);
        for (int k = 0; k < na; k++)
            delta += 2 * (counts[added[k]] - targets[added[k]]) + 1, counts[added[k]]++;
        if (delta <= 0 || uniform() < exp(-delta / temperature)) {
            cost += delta;
            if (cost < best) best = cost;
            if (cost == 0) {
                printf("found seed=%lld moves=%lld\n", seed, move);
                for (int q = 0; q < R; q++) {
                    for (int k = 0; k < S[q]; k++) printf("%d,%d ", orb[q][k], lab[q][k]);
                    printf("\n");
                }
                return 0;
            }
        } else {
            for (int k = 0; k < na; k++) counts[added[k]]--;
            for (int k = 0; k < nr; k++) counts[removed[k]]++;
            if (relabel) lab[r][s] = old;
            else { int t = orb[r][s]; orb[r][s] = orb[r][o]; orb[r][o] = t; }
        }
    }
    printf("none seed=%lld best=%lld\n", seed, best);
    return 1;
}
