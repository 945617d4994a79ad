//===--- HostLaunches.h - which kernels the host launches, at which width ---===//
///
/// \file
/// The host side of a translation unit, read from the AST of its device pass
/// (clang parses the host functions there too): where each kernel is
/// launched (`k<<<grid, block>>>(...)`, `hipLaunchKernelGGL`), with which
/// block shape, and whether the launch is reachable when the device's
/// wavefronts have 32 lanes, 64 lanes, or both.
///
/// Code that supports both widths often picks a kernel instantiation and its
/// block size from the device's wave size:
///
///   int ws; hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0);
///   if (ws == 64) run<64>(...); else run<32>(...);
///
/// `run<32>`'s kernel never runs on a 64-lane device, so what it would
/// compute there is not a finding. A launch is reachable at a width unless a
/// condition on the way to it (an `if`, a `?:`, an early `return`, in the
/// launching function or in every caller of it, transitively) is false at
/// that width. Wave-size values on the host are `hipDeviceProp_t::warpSize`,
/// variables filled by `hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize,
/// ...)` and variables initialised or assigned from either; constants and
/// template arguments are folded. Anything else is unknown and restricts
/// nothing.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_MODEL_HOSTLAUNCHES_H
#define WAVECHECK_MODEL_HOSTLAUNCHES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include <array>
#include <map>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace wavecheck::model {

/// Work-items per workgroup in x, y, z.
using BlockShape = std::array<unsigned, 3>;

/// How the host of a translation unit launches one kernel.
struct HostLaunch {
  /// Some launch of the kernel is reachable when wavefronts have 32 lanes,
  /// resp. 64 lanes.
  bool AtWave32 = false, AtWave64 = false;
  /// The block shape of every launch reachable at 64 lanes, when they all
  /// have one and the same constant shape there.
  std::optional<BlockShape> Block64;
};

/// The launches of \p Ctx's kernels, by the kernel's mangled name (as
/// \p Mangle gives it: the name of the kernel function in the device IR).
/// Kernels that the unit never launches are absent. Declarations in system
/// headers are not read.
std::map<std::string, HostLaunch>
hostLaunches(clang::ASTContext &Ctx,
             llvm::function_ref<std::string(const clang::FunctionDecl *)> Mangle);

} // namespace wavecheck::model

#endif
