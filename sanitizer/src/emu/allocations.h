//===--- allocations.h - the registry of hipMalloc'd memory (not installed) -===//
///
/// \file
/// Every allocation the HIP host API hands out (hipMalloc, hipMallocManaged,
/// hipHostMalloc) is recorded here with its size and kind, and marked freed by
/// hipFree / hipHostFree. The registry answers three questions:
///   - may this pointer be freed? (a double free and a free of a pointer that no
///     allocation function returned are `double-free` / `invalid-free` reports,
///     and hipErrorInvalidValue as in ROCm);
///   - which allocation holds this address? (compare_wave_sizes snapshots the
///     allocations a launch's pointer arguments point into);
///   - which allocations are live?
/// Thread-safe (one mutex; allocation calls are not on any hot path).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace wavesan::emu::detail {

/// Which allocation function returned the memory (all are host memory here).
enum class AllocKind { Device, Managed, HostPinned };

/// "hipMalloc", "hipMallocManaged", "hipHostMalloc".
const char *allocFunction(AllocKind Kind);

/// One live allocation: [Base, Base + Bytes).
struct Allocation {
  void *Base = nullptr;
  size_t Bytes = 0;
  AllocKind Kind = AllocKind::Device;
};

/// Records the allocation \p Base of \p Bytes (> 0) bytes. An address that was
/// freed and is handed out again becomes live again.
void recordAllocation(void *Base, size_t Bytes, AllocKind Kind);

/// What releaseAllocation found.
enum class FreeCheck {
  Ok,          ///< a live allocation: now marked freed (the caller frees the memory)
  DoubleFree,  ///< an allocation already freed (and not handed out again)
  Interior,    ///< an address inside a live allocation, not its start
  Foreign,     ///< no allocation function returned it
};

/// The outcome of releaseAllocation: the check, and the allocation concerned
/// (the freed one for DoubleFree, the enclosing one for Interior).
struct FreeResult {
  FreeCheck Check = FreeCheck::Foreign;
  Allocation Block;
};

/// Marks the allocation at \p Base freed when it is live (FreeCheck::Ok); else says
/// why it may not be freed. Freed addresses are remembered (the most recent
/// MaxFreedRemembered of them) so that a second free is told from a foreign pointer.
FreeResult releaseAllocation(const void *Base);

/// How many freed allocations are remembered for the double-free check.
constexpr size_t MaxFreedRemembered = 1 << 16;

/// The live allocation that holds \p Addr, if any.
std::optional<Allocation> findAllocation(const void *Addr);

/// Every live allocation, by address.
std::vector<Allocation> liveAllocations();

/// hipFree / hipHostFree (\p Api) of \p Ptr, called from code address \p Caller
/// (__builtin_return_address(0) of the API function). \returns true when \p Ptr
/// is null (nothing to do) or a live allocation's start (freed). A pointer freed
/// before, one inside an allocation, or one no allocation function returned is
/// left alone and reported (`double-free` or `invalid-free`, naming the caller as
/// module+offset and the allocation): \returns false, and the API function fails
/// with hipErrorInvalidValue as ROCm's does (hip-tests' Unit_hipFreeDoubleDevice
/// and Unit_hipFreeNegativeDev expect it). The program goes on (unless
/// halt_on_error=1).
bool freeChecked(void *Ptr, const char *Api, const void *Caller);

} // namespace wavesan::emu::detail
