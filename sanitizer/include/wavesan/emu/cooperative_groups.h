//===--- cooperative_groups.h - HIP's cooperative groups on the emulator --===//
///
/// \file
/// namespace cooperative_groups, as ROCm's hip_cooperative_groups.h:
/// - this_thread_block(): thread_block with sync() (a __syncthreads),
///   thread_rank(), size()/num_threads(), group_index() (blockIdx),
///   thread_index() (threadIdx), group_dim()/dim_threads() (blockDim).
/// - tiled_partition<N>(parent): thread_block_tile<N>, N a power of two no larger
///   than the wave (64; 32 under wave_size=32): N consecutive threads of the
///   parent (a block or a larger tile), so a tile lies inside one wavefront. Its
///   shfl, shfl_down, shfl_up, shfl_xor, ballot, any and all are the wave
///   operations with width N (wave_ops.h, with the same checks and reports);
///   ballot gives the tile's lanes as bits 0..N-1; sync() is a wave barrier;
///   thread_rank(), size()/num_threads(), meta_group_rank() (which tile of the
///   parent), meta_group_size().
/// - tiled_partition(parent, n): the same with a run-time n, as a thread_group
///   (rank, size, sync, meta_group_rank/size).
/// - coalesced_threads(): the wave's active lanes (size, thread_rank, ballot,
///   any, all, shfl by rank, sync).
/// - this_grid(): grid_group with thread_rank(), size(), block_rank(),
///   num_blocks(); its sync() needs a kernel launched with
///   hipLaunchCooperativeKernel (grid_sync.h), and otherwise reports
///   `grid-sync-not-cooperative` and leaves the kernel's block.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_cooperative_groups.h>, not wavesan/emu/cooperative_groups.h"
#endif

#include "wavesan/emu/coordinates.h"
#include "wavesan/emu/wave_ops.h"

#include <bit>
#include <cstdint>
#include <source_location>

namespace wavesan::emu::detail {
/// this_grid().sync(): a barrier of every thread of a cooperative launch (launch.cpp).
void gridSync(const std::source_location &Loc);
/// A wave barrier among the lanes that reach it (a tile's or coalesced group's sync).
inline void waveBarrier(const char *Name, const std::source_location &Loc) {
  (void)vote(WaveOpKind::SyncWarp, Name, true, ~0ull, 1, Loc);
}
/// A wave operation of a coalesced group (PartialOk: the group is the lanes that
/// reach it).
inline uint64_t coalescedOp(WaveOpKind Kind, const char *Name, int Arg, uint64_t Value,
                            const std::source_location &Loc) {
  WaveOpCall C{Kind, false, Current.WaveSize, Arg, 0, Value, Name, Loc, true};
  return waveOp(C);
}
inline unsigned blockRank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
inline unsigned blockThreads() { return blockDim.x * blockDim.y * blockDim.z; }
} // namespace wavesan::emu::detail

namespace cooperative_groups {

/// A group of threads: its size, the caller's rank in it, and a barrier.
class thread_group {
public:
  enum class Kind { Block, Tile, Coalesced, Grid };

  unsigned long long size() const { return Size; }
  unsigned long long num_threads() const { return Size; }
  unsigned long long thread_rank() const { return Rank; }
  bool is_valid() const { return true; }
  /// The tile of the parent that the caller's tile is (tiles only; else 0).
  unsigned long long meta_group_rank() const { return MetaRank; }
  unsigned long long meta_group_size() const { return MetaSize; }
  void sync(std::source_location Loc = std::source_location::current()) const {
    switch (K) {
    case Kind::Block: ::wavesan::emu::detail::syncThreads(Loc); break;
    case Kind::Grid: ::wavesan::emu::detail::gridSync(Loc); break;
    default: ::wavesan::emu::detail::waveBarrier("thread_group::sync", Loc); break;
    }
  }

protected:
  thread_group(Kind K, unsigned long long Size, unsigned long long Rank,
               unsigned long long MetaRank = 0, unsigned long long MetaSize = 1)
      : K(K), Size(Size), Rank(Rank), MetaRank(MetaRank), MetaSize(MetaSize) {}
  friend thread_group tiled_partition(const thread_group &Parent, unsigned TileSize);

  Kind K;
  unsigned long long Size, Rank, MetaRank, MetaSize;
};

/// The caller's block.
class thread_block : public thread_group {
public:
  thread_block()
      : thread_group(Kind::Block, ::wavesan::emu::detail::blockThreads(),
                     ::wavesan::emu::detail::blockRank()) {}
  dim3 group_index() const { return blockIdx; }
  dim3 thread_index() const { return threadIdx; }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
  void sync(std::source_location Loc = std::source_location::current()) const {
    ::wavesan::emu::detail::syncThreads(Loc);
  }
};
inline thread_block this_thread_block() { return thread_block(); }

/// The whole grid of the launch.
class grid_group : public thread_group {
public:
  grid_group()
      : thread_group(Kind::Grid,
                     static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z *
                         ::wavesan::emu::detail::blockThreads(),
                     blockRankInGrid() * ::wavesan::emu::detail::blockThreads() +
                         ::wavesan::emu::detail::blockRank()) {}
  unsigned long long block_rank() const { return blockRankInGrid(); }
  unsigned long long num_blocks() const {
    return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
  }
  dim3 group_dim() const { return gridDim; }
  dim3 block_index() const { return blockIdx; }
  void sync(std::source_location Loc = std::source_location::current()) const {
    ::wavesan::emu::detail::gridSync(Loc);
  }

private:
  static unsigned long long blockRankInGrid() {
    return blockIdx.x + static_cast<unsigned long long>(gridDim.x) *
                            (blockIdx.y + static_cast<unsigned long long>(gridDim.y) * blockIdx.z);
  }
};
inline grid_group this_grid() { return grid_group(); }

template <unsigned N, class ParentT = void> class thread_block_tile;

/// \p N consecutive threads of a block or of a larger tile (a power of two no
/// larger than the wavefront). thread_block_tile<N, ParentT> (what tiled_partition
/// returns) is this with the parent's type named, as in HIP.
template <unsigned N> class thread_block_tile<N, void> : public thread_group {
  static_assert(N >= 1 && N <= 64 && (N & (N - 1)) == 0,
                "thread_block_tile<N>: N must be a power of two from 1 to 64 (the wavefront)");

public:
  explicit thread_block_tile(const thread_group &Parent)
      : thread_group(Kind::Tile, N, Parent.thread_rank() % N, Parent.thread_rank() / N,
                     (Parent.size() + N - 1) / N) {}
  static constexpr unsigned long long size() { return N; }
  static constexpr unsigned long long num_threads() { return N; }
  void sync(std::source_location Loc = std::source_location::current()) const {
    ::wavesan::emu::detail::waveBarrier("thread_block_tile::sync", Loc);
  }
  template <class T> T shfl(T Var, int SrcRank, std::source_location Loc = std::source_location::current()) const {
    return ::__shfl(Var, SrcRank, static_cast<int>(N), Loc);
  }
  template <class T>
  T shfl_down(T Var, unsigned Delta, std::source_location Loc = std::source_location::current()) const {
    return ::__shfl_down(Var, static_cast<int>(Delta), static_cast<int>(N), Loc);
  }
  template <class T>
  T shfl_up(T Var, unsigned Delta, std::source_location Loc = std::source_location::current()) const {
    return ::__shfl_up(Var, static_cast<int>(Delta), static_cast<int>(N), Loc);
  }
  template <class T>
  T shfl_xor(T Var, unsigned LaneMask, std::source_location Loc = std::source_location::current()) const {
    return ::__shfl_xor(Var, static_cast<int>(LaneMask), static_cast<int>(N), Loc);
  }
  /// Bit r set when the tile's thread of rank r has a non-zero \p Predicate.
  unsigned long long ballot(int Predicate,
                            std::source_location Loc = std::source_location::current()) const {
    uint64_t Bits = ::__ballot(Predicate, Loc).bits();
    unsigned Base = __lane_id() & ~(N - 1);
    uint64_t Mask = N == 64 ? ~0ull : ((1ull << N) - 1);
    return (Bits >> Base) & Mask;
  }
  int any(int Predicate, std::source_location Loc = std::source_location::current()) const {
    return ballot(Predicate, Loc) != 0;
  }
  int all(int Predicate, std::source_location Loc = std::source_location::current()) const {
    unsigned long long Yes = ballot(Predicate, Loc);
    return Yes == ballot(1, Loc);
  }
};

template <unsigned N, class ParentT>
class thread_block_tile : public thread_block_tile<N, void> {
public:
  explicit thread_block_tile(const ParentT &Parent) : thread_block_tile<N, void>(Parent) {}
};

/// tiled_partition<N>(parent): the caller's tile of N threads.
template <unsigned N, class ParentT>
thread_block_tile<N, ParentT> tiled_partition(const ParentT &Parent) {
  return thread_block_tile<N, ParentT>(Parent);
}
/// tiled_partition(parent, n): the caller's tile of \p TileSize threads (a power of
/// two, at most 64), as a thread_group.
inline thread_group tiled_partition(const thread_group &Parent, unsigned TileSize) {
  if (TileSize == 0 || TileSize > 64 || (TileSize & (TileSize - 1)) != 0)
    TileSize = 1; // HIP: an invalid size is undefined; one thread per tile stays safe
  return thread_group(thread_group::Kind::Tile, TileSize, Parent.thread_rank() % TileSize,
                      Parent.thread_rank() / TileSize,
                      (Parent.size() + TileSize - 1) / TileSize);
}

/// The lanes of the caller's wave that are active where it is made.
class coalesced_group : public thread_group {
public:
  explicit coalesced_group(uint64_t Active)
      : thread_group(Kind::Coalesced, std::popcount(Active),
                     std::popcount(Active & ((1ull << __lane_id()) - 1))),
        Active(Active) {}
  void sync(std::source_location Loc = std::source_location::current()) const {
    using namespace ::wavesan::emu::detail;
    (void)coalescedOp(WaveOpKind::SyncWarp, "coalesced_group::sync", 0, 1, Loc);
  }
  /// The value of \p Var in the group's thread of rank \p SrcRank.
  template <::wavesan::emu::detail::Shufflable T>
  T shfl(T Var, int SrcRank, std::source_location Loc = std::source_location::current()) const {
    using namespace ::wavesan::emu::detail;
    return fromBits<T>(coalescedOp(WaveOpKind::Shfl, "coalesced_group::shfl",
                                   laneOfRank(static_cast<unsigned>(SrcRank) % size()),
                                   toBits(Var), Loc));
  }
  /// Bit r set when the group's thread of rank r has a non-zero \p Predicate.
  unsigned long long ballot(int Predicate,
                            std::source_location Loc = std::source_location::current()) const {
    using namespace ::wavesan::emu::detail;
    uint64_t Bits = coalescedOp(WaveOpKind::Ballot, "coalesced_group::ballot", 0,
                                Predicate != 0, Loc),
             R = 0;
    unsigned Out = 0;
    for (uint64_t M = Active; M; M &= M - 1, ++Out)
      if (Bits & (M & -M))
        R |= 1ull << Out;
    return R;
  }
  int any(int Predicate, std::source_location Loc = std::source_location::current()) const {
    return ballot(Predicate, Loc) != 0;
  }
  int all(int Predicate, std::source_location Loc = std::source_location::current()) const {
    return ballot(Predicate, Loc) == (size() == 64 ? ~0ull : (1ull << size()) - 1);
  }

private:
  int laneOfRank(unsigned R) const {
    uint64_t M = Active;
    for (unsigned I = 0; I < R; ++I)
      M &= M - 1;
    return std::countr_zero(M);
  }
  uint64_t Active;
};
inline coalesced_group coalesced_threads(std::source_location Loc = std::source_location::current()) {
  using namespace ::wavesan::emu::detail;
  return coalesced_group(coalescedOp(WaveOpKind::ActiveMask, "coalesced_threads", 0, 1, Loc));
}

/// Free-function forms.
template <class G> inline void sync(const G &Group) { Group.sync(); }
template <class G> inline unsigned long long group_size(const G &Group) { return Group.size(); }
template <class G> inline unsigned long long thread_rank(const G &Group) { return Group.thread_rank(); }

} // namespace cooperative_groups
