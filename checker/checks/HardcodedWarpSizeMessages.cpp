//===--- HardcodedWarpSizeMessages.cpp - wave64-hardcoded-warp-size texts --===//
///
/// \file
/// The message texts of wave64-hardcoded-warp-size, by role
/// (HardcodedWarpSizeMessages.h).
///
//===----------------------------------------------------------------------===//
#include "checks/HardcodedWarpSizeMessages.h"

namespace wavecheck {
namespace hardcoded_warp_size {

/// Messages by Role. Arguments: %0 quoted code, %1 target, %2 wave size,
/// %3 last lane, %4 CUDA warps per wavefront.
const char *const Messages[] = {
    "lane index computed with 32 ('%0'); wavefronts have %2 lanes on this target, so lanes 32-%3 "
    "alias lanes 0-31",
    "warp id computed with 32 ('%0'); wavefronts have %2 lanes on this target, so one wavefront gets "
    "%4 warp ids",
    "warp count computed with 32 ('%0'); wavefronts have %2 lanes on this target, so it is %4 times "
    "the number of wavefronts in the block",
    "shuffle width 32 splits the %2-lane wavefront into two independent halves",
    "per-lane array extent 32 ('%0') holds one slot per lane of a 32-lane warp; wavefronts have "
    "%2 lanes on this target, so a lane index reaches %3",
    "loop stride 32 on a lane-indexed variable ('%0'); wavefronts have %2 lanes on this target, so "
    "lanes 32-%3 revisit elements of lanes 0-31",
    "source lane of a shuffle without a width kept below 32 ('%0'); wavefronts have %2 lanes on "
    "this target, so lanes 32-%3 read lanes 0-31 instead of their own 32-lane group",
    "per-warp table read over 32 slots ('%0') while it is filled once per %2-lane wavefront; a "
    "block of up to 1024 threads fills at most 16 slots, the others are never written",
    "tile width computed with 32 lanes ('%0') while lane indices counted in %2-lane wavefronts "
    "walk the tile; lanes 32-%3 reach into the next tile"};
/// Role in a sentence, by Role.
const char *const RolePhrases[] = {"a lane index",    "a warp id",
                                   "a warp count",    "a shuffle width",
                                   "a per-lane array extent", "a loop stride",
                                   "a shuffle source lane mask", "a count of per-warp slots",
                                   "a tile width"};

} // namespace hardcoded_warp_size
} // namespace wavecheck
