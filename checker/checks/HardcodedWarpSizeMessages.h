//===--- HardcodedWarpSizeMessages.h - wave64-hardcoded-warp-size texts ----===//
///
/// \file
/// The roles a hard-coded 32 plays for wave64-hardcoded-warp-size, with the
/// message of a finding in each role and the phrase naming the role in the
/// report at a macro's or constant's definition.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_HARDCODEDWARPSIZEMESSAGES_H
#define WAVECHECK_CHECKS_HARDCODEDWARPSIZEMESSAGES_H

namespace wavecheck {
namespace hardcoded_warp_size {

/// What a hard-coded 32 stands for.
enum class Role { Lane, WarpId, WarpCount, Width, Extent, Stride, Gather, TableRows, TileWidth };
/// Number of roles: the size of the tables below.
constexpr unsigned NumRoles = unsigned(Role::TileWidth) + 1;

/// Messages by Role. Arguments: %0 quoted code, %1 target, %2 wave size,
/// %3 last lane, %4 CUDA warps per wavefront, %5 what else the function does.
extern const char *const Messages[NumRoles];
/// Role in a sentence, by Role: "a lane index", "a warp id", ...
extern const char *const RolePhrases[NumRoles];

} // namespace hardcoded_warp_size
} // namespace wavecheck

#endif
