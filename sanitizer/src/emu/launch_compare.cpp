//===--- launch_compare.cpp - compare_wave_sizes: every launch at 32 and 64 -===//
///
/// \file
/// With compare_wave_sizes=1 a launch runs twice from the same memory: every
/// live allocation of the registry (allocations.h) is saved, the kernel runs
/// at the other wave size (the reference run, reports muted), the results are
/// swapped with the saved contents in one pass, and the kernel runs at
/// wave_size on the original contents. The buffers the pointer arguments point
/// into are then compared element by element as their pointee types
/// (wave_diff.h); other buffers that differ are named too, byte by byte. The
/// buffers keep the wave_size run's results, as without the option.
///
//===----------------------------------------------------------------------===//
#include "allocations.h"
#include "engine.h"
#include "wave_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace wavesan::detail {
thread_local bool ExplicitWaveCompare = false;
} // namespace wavesan::detail

namespace wavesan::emu::detail {

namespace {

/// The argument whose pointer points into \p A first (-1: none).
int firstArgInto(const LaunchRequest &R, const Allocation &A) {
  for (unsigned I = 0; I < R.NumArgs; ++I) {
    const auto P = reinterpret_cast<uintptr_t>(R.Args[I].Pointer);
    const auto B = reinterpret_cast<uintptr_t>(A.Base);
    if (R.Args[I].Pointer && P >= B && P - B < A.Bytes)
      return static_cast<int>(I);
  }
  return -1;
}

} // namespace

bool wantsWaveSizeComparison(const LaunchRequest &R) {
  if (!options().compare_wave_sizes || wavesan::detail::ExplicitWaveCompare)
    return false;
  for (unsigned I = 0; I < R.NumArgs; ++I)
    if (R.Args[I].Pointer && findAllocation(R.Args[I].Pointer))
      return true;
  return false;
}

hipError_t launchComparingWaveSizes(const LaunchRequest &R, unsigned WaveSize,
                                    const std::function<hipError_t(unsigned, bool)> &Run) {
  const std::vector<Allocation> Live = liveAllocations();
  std::vector<std::vector<unsigned char>> Saved(Live.size());
  for (size_t I = 0; I < Live.size(); ++I) {
    const auto *P = static_cast<const unsigned char *>(Live[I].Base);
    Saved[I].assign(P, P + Live[I].Bytes);
  }
  const unsigned Other = WaveSize == 64 ? 32 : 64;
  wavesan::detail::setReportsMuted(true);
  const hipError_t RefError = Run(Other, /*Reference=*/true);
  wavesan::detail::setReportsMuted(false);
  // Saved <-> memory: Saved now holds the reference run's results, memory the entry state.
  for (size_t I = 0; I < Live.size(); ++I)
    std::swap_ranges(Saved[I].begin(), Saved[I].end(), static_cast<unsigned char *>(Live[I].Base));
  const hipError_t E = Run(WaveSize, /*Reference=*/false);
  if (E != hipSuccess || RefError != hipSuccess)
    return E; // a failed run has no result to compare (its own report says why)

  std::string Lines;
  unsigned Differing = 0;
  for (size_t I = 0; I < Live.size(); ++I) {
    const Allocation &A = Live[I];
    const int Arg = firstArgInto(R, A);
    ElementInfo Element;
    size_t Origin = 0;
    if (Arg >= 0) {
      Element = R.Args[Arg].Element;
      Origin = static_cast<size_t>(static_cast<const char *>(R.Args[Arg].Pointer) -
                                   static_cast<const char *>(A.Base));
    }
    const auto *Now = static_cast<const unsigned char *>(A.Base);
    const unsigned char *At32 = WaveSize == 32 ? Now : Saved[I].data();
    const unsigned char *At64 = WaveSize == 64 ? Now : Saved[I].data();
    const std::optional<wavesan::detail::BufferDiff> D =
        wavesan::detail::diffBuffers(At32, At64, A.Bytes, Element, Origin);
    if (!D)
      continue;
    ++Differing;
    const std::string What =
        Arg >= 0 ? fmt::format("argument {} of {} ({} *, the {}-byte {} buffer{})", Arg + 1,
                               R.NumArgs, elementTypeName(Element.Type), A.Bytes,
                               allocFunction(A.Kind),
                               Origin ? fmt::format(" from byte {}", Origin) : "")
                 : fmt::format("the {}-byte {} buffer at {} (no pointer argument points into "
                               "it; compared as bytes)",
                               A.Bytes, allocFunction(A.Kind), A.Base);
    Lines += fmt::format("\n{}: {} of {} elements differ: {}", What, D->Differing, D->Elements,
                         D->Shown);
  }
  if (!Differing)
    return E;
  ReportLocation W;
  W.File = R.Loc.file_name();
  W.Line = R.Loc.line();
  W.Function = R.Loc.function_name();
  W.Kernel = R.KernelName;
  W.Scope = ReportScope::Launch;
  report(ReportKind::WaveSizeDivergence, W,
         fmt::format("kernel '{}' gives different results at wave 32 and wave 64 "
                     "(compare_wave_sizes=1; floating point compared within a tolerance):{}\n"
                     "a kernel right on 32-lane warps and wrong on 64-lane wavefronts is a port "
                     "bug; the buffers keep the wave {} results",
                     R.KernelName, Lines, WaveSize));
  return E;
}

} // namespace wavesan::emu::detail
