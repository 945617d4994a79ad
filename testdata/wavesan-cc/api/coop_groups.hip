// Cooperative groups: tiled_partition<16> and <64> reductions whose sums are known,
// a tile ballot, a dynamic tile, the coalesced group of a divergent branch, and a grid
// barrier under hipLaunchCooperativeKernel. Expected output: CcApiTest.CooperativeGroups.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

// 256 threads hold 0..255. Each tile of 16 sums its values with shfl_down: tile t holds
// 16t .. 16t+15, sum 256t + 120. Each tile of 64 sums with shfl_xor: tile w holds
// 64w .. 64w+63, sum 4096w + 2016, known to every lane of the tile.
__global__ void tiles(const int *in, int *sum16, int *sum64, int *misc) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  const int v = in[block.thread_rank()];
  int s = v;
  for (int o = 8; o > 0; o >>= 1)
    s += t16.shfl_down(s, o);
  if (t16.thread_rank() == 0)
    sum16[t16.meta_group_rank()] = s;
  auto t64 = cg::tiled_partition<64>(block);
  int w = v;
  for (int o = 32; o > 0; o >>= 1)
    w += t64.shfl_xor(w, o);
  if (t64.thread_rank() == 63)
    sum64[t64.meta_group_rank()] = w;
  // In every tile of 16, ranks 0, 1 and 2 vote yes: 0b111.
  const unsigned long long vote = t16.ballot(t16.thread_rank() < 3);
  const int any = t16.any(t16.thread_rank() == 15), all = t16.all(t16.thread_rank() < 15);
  block.sync();
  // A dynamic tile of 32: thread 70 is rank 6 of tile 2, of 8 tiles.
  const cg::thread_group t32 = cg::tiled_partition(block, 32);
  const int third = t16.shfl(v, 3); // rank 3 of the caller's tile of 16
  if (block.thread_rank() == 70) {
    misc[0] = static_cast<int>(vote);
    misc[1] = any * 10 + all;
    misc[2] = static_cast<int>(t32.thread_rank() * 100 + t32.meta_group_rank() * 10 +
                               t32.meta_group_size() % 10);
    misc[3] = static_cast<int>(block.size()) + third * 1000;
  }
  // The 20 even lanes below 40 of wave 0 form a coalesced group; lane 10 is its rank 5.
  if (block.thread_rank() < 40 && block.thread_rank() % 2 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    const int fromRank7 = active.shfl(static_cast<int>(block.thread_rank()), 7);
    if (block.thread_rank() == 10)
      misc[4] = static_cast<int>(active.size() * 100 + active.thread_rank()) * 100 + fromRank7;
  }
}

// Every block adds 1 to a counter, waits at the grid barrier, then reads the counter:
// all blocks see the grid's block count.
__global__ void gridCount(int *counter, int *seen) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0)
    atomicAdd(counter, 1);
  grid.sync();
  if (threadIdx.x == 0)
    seen[grid.block_rank()] = atomicAdd(counter, 0);
}

int main() {
  int *in, *sum16, *sum64, *misc;
  hipMallocManaged(&in, 256 * sizeof(int));
  hipMallocManaged(&sum16, 16 * sizeof(int));
  hipMallocManaged(&sum64, 4 * sizeof(int));
  hipMallocManaged(&misc, 8 * sizeof(int));
  for (int i = 0; i < 256; ++i)
    in[i] = i;
  hipLaunchKernelGGL(tiles, dim3(1), dim3(256), 0, 0, in, sum16, sum64, misc);
  hipDeviceSynchronize();
  std::printf("sum16 %d %d %d sum64 %d %d %d %d\n", sum16[0], sum16[1], sum16[15], sum64[0],
              sum64[1], sum64[2], sum64[3]);
  std::printf("ballot %d any/all %d dyn %d size+shfl %d coalesced %d\n", misc[0], misc[1],
              misc[2], misc[3], misc[4]);

  int *counter, *seen;
  hipMallocManaged(&counter, sizeof(int));
  hipMallocManaged(&seen, 8 * sizeof(int));
  *counter = 0;
  void *args[] = {&counter, &seen};
  const hipError_t e = hipLaunchCooperativeKernel(gridCount, dim3(6), dim3(128), args, 0, 0);
  std::printf("cooperative %d seen %d %d %d\n", static_cast<int>(e), seen[0], seen[3], seen[5]);
  // Too large for a cooperative launch on the emulator: 1000 blocks.
  std::printf("too large %d\n", static_cast<int>(hipLaunchCooperativeKernel(
                                     gridCount, dim3(1000), dim3(64), args, 0, 0)));
  return 0;
}
