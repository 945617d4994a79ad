//===--- allocations.cpp - the registry of hipMalloc'd memory ---------------===//
///
/// \file
/// An ordered map of live allocations (address -> size, kind) for the lookup of
/// an address inside one, and a bounded record of freed ones (allocations.h).
///
//===----------------------------------------------------------------------===//
#include "allocations.h"

#include "wavesan/report.h"

#include <fmt/format.h>

#include <cstdlib>
#include <cxxabi.h>
#include <deque>
#include <dlfcn.h>
#include <memory>
#include <set>
#include <string>
#include <iterator>
#include <map>
#include <mutex>
#include <unordered_map>

namespace wavesan::emu::detail {

namespace {

struct Registry {
  std::mutex M;
  std::map<uintptr_t, Allocation> Live;
  struct FreedBlock {
    Allocation Block;
    uint64_t Seq; ///< which free: a FreedOrder entry forgets only its own
  };
  std::unordered_map<uintptr_t, FreedBlock> Freed;
  /// (address, Seq), oldest first, to forget beyond MaxFreedRemembered.
  std::deque<std::pair<uintptr_t, uint64_t>> FreedOrder;
  uint64_t NextSeq = 0;
};

Registry &registry() {
  static Registry *R = new Registry; // never destroyed: hipFree may run in static destructors
  return *R;
}

uintptr_t addr(const void *P) { return reinterpret_cast<uintptr_t>(P); }

/// The live allocation holding \p A (R.M held).
const Allocation *holding(const Registry &R, uintptr_t A) {
  auto It = R.Live.upper_bound(A);
  if (It == R.Live.begin())
    return nullptr;
  --It;
  return A - It->first < It->second.Bytes ? &It->second : nullptr;
}

} // namespace

const char *allocFunction(AllocKind Kind) {
  switch (Kind) {
  case AllocKind::Device: return "hipMalloc";
  case AllocKind::Managed: return "hipMallocManaged";
  case AllocKind::HostPinned: return "hipHostMalloc";
  }
  return "hipMalloc";
}

void recordAllocation(void *Base, size_t Bytes, AllocKind Kind) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.M);
  R.Live[addr(Base)] = Allocation{Base, Bytes, Kind};
  R.Freed.erase(addr(Base)); // its FreedOrder entry finds nothing to forget
}

FreeResult releaseAllocation(const void *Base) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.M);
  const uintptr_t A = addr(Base);
  if (auto It = R.Live.find(A); It != R.Live.end()) {
    const Allocation Block = It->second;
    R.Live.erase(It);
    const uint64_t Seq = R.NextSeq++;
    R.Freed[A] = {Block, Seq};
    R.FreedOrder.emplace_back(A, Seq);
    while (R.FreedOrder.size() > MaxFreedRemembered) {
      const auto [Old, OldSeq] = R.FreedOrder.front();
      R.FreedOrder.pop_front();
      if (auto F = R.Freed.find(Old); F != R.Freed.end() && F->second.Seq == OldSeq)
        R.Freed.erase(F);
    }
    return {FreeCheck::Ok, Block};
  }
  if (const Allocation *In = holding(R, A))
    return {FreeCheck::Interior, *In};
  if (auto It = R.Freed.find(A); It != R.Freed.end())
    return {FreeCheck::DoubleFree, It->second.Block};
  return {FreeCheck::Foreign, Allocation{}};
}

std::optional<Allocation> findAllocation(const void *Addr) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.M);
  if (const Allocation *In = holding(R, addr(Addr)))
    return *In;
  return std::nullopt;
}

std::vector<Allocation> liveAllocations() {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.M);
  std::vector<Allocation> Out;
  Out.reserve(R.Live.size());
  for (const auto &[A, Block] : R.Live)
    Out.push_back(Block);
  return Out;
}

namespace {

/// \p S with a lifetime of the process (report locations keep pointers).
const char *intern(std::string S) {
  static std::mutex M;
  static std::set<std::string> *Strings = new std::set<std::string>;
  std::lock_guard<std::mutex> Lock(M);
  return Strings->insert(std::move(S)).first->c_str();
}

/// The host code at \p Pc as a report location: File "module+0xoffset" (what
/// `addr2line -e module offset` takes), Function the enclosing symbol, demangled.
ReportLocation hostSite(const void *Pc) {
  ReportLocation W;
  W.Scope = ReportScope::Launch;
  Dl_info Info{};
  if (!Pc || !dladdr(Pc, &Info)) {
    W.File = intern(fmt::format("pc {}", Pc));
    W.Function = "<unknown>";
    return W;
  }
  if (Info.dli_fname && *Info.dli_fname)
    W.File = intern(fmt::format("{}+{:#x}", Info.dli_fname,
                                static_cast<const char *>(Pc) -
                                    static_cast<const char *>(Info.dli_fbase)));
  else
    W.File = intern(fmt::format("pc {}", Pc));
  if (Info.dli_sname) {
    int Status = 0;
    std::unique_ptr<char, void (*)(void *)> Demangled(
        abi::__cxa_demangle(Info.dli_sname, nullptr, nullptr, &Status), std::free);
    W.Function = intern(Status == 0 && Demangled ? Demangled.get() : Info.dli_sname);
  } else {
    W.Function = "<unknown>"; // a static function of an executable without -rdynamic
  }
  return W;
}

std::string describe(const Allocation &A) {
  return fmt::format("the {}-byte block [{}, {}) returned by {}", A.Bytes, A.Base,
                     static_cast<const void *>(static_cast<const char *>(A.Base) + A.Bytes),
                     allocFunction(A.Kind));
}

} // namespace

bool freeChecked(void *Ptr, const char *Api, const void *Caller) {
  if (!Ptr)
    return true;
  const FreeResult R = releaseAllocation(Ptr);
  // The "at" line names the caller as module+offset: addr2line gives its source line.
  const std::string Addr2line = "\n(addr2line -e <module> <offset> of the \"at\" line gives "
                                "the calling source line of a -g build)";
  switch (R.Check) {
  case FreeCheck::Ok:
    std::free(Ptr);
    return true;
  case FreeCheck::DoubleFree:
    report(ReportKind::DoubleFree, hostSite(Caller),
           fmt::format("{}({}) of memory already freed: {}; the call fails with "
                       "hipErrorInvalidValue and frees nothing",
                       Api, Ptr, describe(R.Block)) +
               Addr2line);
    return false;
  case FreeCheck::Interior:
    report(ReportKind::InvalidFree, hostSite(Caller),
           fmt::format("{}({}) of an address {} bytes inside {}, not its start; the call "
                       "fails with hipErrorInvalidValue and frees nothing",
                       Api, Ptr,
                       static_cast<const char *>(Ptr) - static_cast<const char *>(R.Block.Base),
                       describe(R.Block)) +
               Addr2line);
    return false;
  case FreeCheck::Foreign:
    report(ReportKind::InvalidFree, hostSite(Caller),
           fmt::format("{}({}) of memory that hipMalloc, hipMallocManaged or hipHostMalloc did "
                       "not return (a stack, global or malloc'd address?); the call fails with "
                       "hipErrorInvalidValue and frees nothing",
                       Api, Ptr) +
               Addr2line);
    return false;
  }
  return false;
}

} // namespace wavesan::emu::detail
