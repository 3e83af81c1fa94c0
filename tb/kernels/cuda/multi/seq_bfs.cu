/* SPDX-License-Identifier: Apache-2.0 */
/* seq_bfs.cu -- breadth-first search as two kernels the host launches until
 * a device flag stays 0 (the control flow of Rodinia's bfs, written here):
 * bfs_graph builds a graph of up to 4 out-edges per vertex from random
 * words and marks the source; then, in the host's do ... while loop
 * (seq_bfs.launch), the host clears `over`, bfs_expand visits the frontier
 * (each frontier vertex's unvisited neighbours get the next level's cost
 * and an update mark) and bfs_settle turns the marks into the next
 * frontier and sets `over` when there is one. */
#define MAXDEG 4

extern "C" __global__ void bfs_graph(const unsigned *rnd, unsigned *deg, unsigned *edge, int *cost,
                                     unsigned char *frontier, unsigned char *updating,
                                     unsigned char *visited, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    unsigned r = rnd[v];
    unsigned d = 1 + (r >> 30);
    deg[v] = d;
    for (unsigned j = 0; j < MAXDEG; j++) {
        r = r * 1103515245u + 12345u;
        edge[v * MAXDEG + j] = j < d ? (r >> 8) % (unsigned)n : 0xffffffffu;
    }
    cost[v] = v == 0 ? 0 : -1;
    frontier[v] = v == 0;
    visited[v] = v == 0;
    updating[v] = 0;
}

extern "C" __global__ void bfs_expand(const unsigned *deg, const unsigned *edge, int *cost,
                                      unsigned char *frontier, unsigned char *updating,
                                      const unsigned char *visited, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !frontier[v]) return;
    frontier[v] = 0;
    for (unsigned j = 0; j < deg[v]; j++) {
        unsigned w = edge[v * MAXDEG + j];
        if (!visited[w]) {
            cost[w] = cost[v] + 1; /* every writer of w writes the same level */
            updating[w] = 1;
        }
    }
}

extern "C" __global__ void bfs_settle(unsigned char *frontier, unsigned char *updating,
                                      unsigned char *visited, unsigned *over, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !updating[v]) return;
    frontier[v] = 1;
    visited[v] = 1;
    updating[v] = 0;
    *over = 1;
}
