//===--- XcdRemapTest.cpp - wavecheck/xcd_remap.h --------------------------===//
///
/// The remap the xcd-tile-order fix-it inserts must be a permutation of the
/// workgroup ids and must hand XCD x (the workgroups with pid % 8 == x, which
/// round-robin dispatch sends to XCD x) a contiguous block of logical tiles,
/// leaving the tail unchanged, as docs/hardware.md describes. Expected values
/// come from those properties or are written out by hand, never from the
/// helper itself.
///
//===----------------------------------------------------------------------===//
#include <wavecheck/xcd_remap.h>

#include <gtest/gtest.h>
#include <vector>

namespace {

/// The largest grid the exhaustive tests cover (the bound).
constexpr unsigned MaxPids = 4096;
/// XCD counts besides MI300X's 8: a monolithic GPU, smaller and larger
/// chiplet counts, and counts that are not powers of two.
constexpr unsigned OtherXcdCounts[] = {1, 2, 3, 4, 6, 16};

// Usable in constant expressions: XCD 0's second workgroup computes tile 1.
static_assert(remap_pid_for_xcds(8, 64) == 1, "constexpr on the host");
static_assert(remap_pid_for_xcds(1, 64, 8) == 8, "num_xcds explicit");

/// Checks every property for one (num_pids, num_xcds); returns false at the
/// first violation so the loops stop reporting after one bad grid.
bool checkGrid(unsigned NumPids, unsigned NumXcds) {
  const unsigned PerXcd = NumPids / NumXcds;
  const unsigned Tail = PerXcd * NumXcds;
  std::vector<unsigned> Hits(NumPids, 0);
  for (unsigned Pid = 0; Pid < NumPids; ++Pid) {
    unsigned Tile = remap_pid_for_xcds(Pid, NumPids, NumXcds);
    EXPECT_LT(Tile, NumPids) << "pid " << Pid << " of " << NumPids << ", " << NumXcds
                             << " XCDs";
    if (Tile >= NumPids)
      return false;
    ++Hits[Tile];
    if (Pid >= Tail) {
      EXPECT_EQ(Tile, Pid) << "tail pid " << Pid << " of " << NumPids << " moved";
      if (Tile != Pid)
        return false;
      continue;
    }
    // Dispatch sends Pid to XCD Pid % NumXcds; that XCD owns one block.
    unsigned Xcd = Pid % NumXcds;
    bool InBlock = Tile >= Xcd * PerXcd && Tile < (Xcd + 1) * PerXcd;
    EXPECT_TRUE(InBlock) << "pid " << Pid << " (XCD " << Xcd << ") of " << NumPids
                         << " got tile " << Tile << ", outside [" << Xcd * PerXcd
                         << ", " << (Xcd + 1) * PerXcd << ")";
    if (!InBlock)
      return false;
  }
  // Every tile exactly once: with the block property, each XCD's workgroups
  // fill their block completely.
  for (unsigned Tile = 0; Tile < NumPids; ++Tile) {
    EXPECT_EQ(Hits[Tile], 1u) << "tile " << Tile << " of " << NumPids << ", "
                              << NumXcds << " XCDs";
    if (Hits[Tile] != 1)
      return false;
  }
  return true;
}

TEST(XcdRemap, PermutationWithContiguousBlocksForEveryGridUpTo4096) {
  for (unsigned N = 1; N <= MaxPids; ++N)
    if (!checkGrid(N, 8))
      break;
}

TEST(XcdRemap, OtherXcdCounts) {
  for (unsigned Xcds : OtherXcdCounts)
    for (unsigned N = 1; N <= MaxPids; ++N)
      if (!checkGrid(N, Xcds))
        break;
}

TEST(XcdRemap, DefaultIsEightXcds) {
  for (unsigned N = 1; N <= MaxPids; N += 37)
    for (unsigned Pid = 0; Pid < N; ++Pid)
      ASSERT_EQ(remap_pid_for_xcds(Pid, N), remap_pid_for_xcds(Pid, N, 8));
}

// The worked check of docs/hardware.md: over 64 program ids XCD 0 computes logical tiles 0 to 7
// and XCD 1 tiles 8 to 15. Expected values written by hand.
TEST(XcdRemap, SeedExampleOf64Pids) {
  const unsigned Xcd0Pids[] = {0, 8, 16, 24, 32, 40, 48, 56};
  const unsigned Xcd0Tiles[] = {0, 1, 2, 3, 4, 5, 6, 7};
  const unsigned Xcd1Pids[] = {1, 9, 17, 25, 33, 41, 49, 57};
  const unsigned Xcd1Tiles[] = {8, 9, 10, 11, 12, 13, 14, 15};
  for (unsigned I = 0; I < 8; ++I) {
    EXPECT_EQ(remap_pid_for_xcds(Xcd0Pids[I], 64), Xcd0Tiles[I]) << "pid " << Xcd0Pids[I];
    EXPECT_EQ(remap_pid_for_xcds(Xcd1Pids[I], 64), Xcd1Tiles[I]) << "pid " << Xcd1Pids[I];
  }
  // The last XCD's last workgroup computes the last tile.
  EXPECT_EQ(remap_pid_for_xcds(63, 64), 63u);
  EXPECT_EQ(remap_pid_for_xcds(7, 64), 56u);
}

// A ragged grid of 20 workgroups: 2 tiles per XCD, workgroups 16-19 keep
// their tiles. Expected values written by hand.
TEST(XcdRemap, RaggedGridOf20) {
  const unsigned Expected[20] = {0, 2, 4, 6, 8, 10, 12, 14, // first round
                                 1, 3, 5, 7, 9, 11, 13, 15, // second round
                                 16, 17, 18, 19};           // tail
  for (unsigned Pid = 0; Pid < 20; ++Pid)
    EXPECT_EQ(remap_pid_for_xcds(Pid, 20), Expected[Pid]) << "pid " << Pid;
}

TEST(XcdRemap, GridsSmallerThanTheXcdCountAreUnchanged) {
  for (unsigned N = 1; N < 8; ++N)
    for (unsigned Pid = 0; Pid < N; ++Pid)
      EXPECT_EQ(remap_pid_for_xcds(Pid, N), Pid);
}

TEST(XcdRemap, OneOrZeroXcdsAndOutOfRangeIdsAreUnchanged) {
  EXPECT_EQ(remap_pid_for_xcds(5, 64, 1), 5u);
  EXPECT_EQ(remap_pid_for_xcds(5, 64, 0), 5u);
  EXPECT_EQ(remap_pid_for_xcds(70, 64), 70u);
  EXPECT_EQ(remap_pid_for_xcds(0, 0), 0u);
}

} // namespace
