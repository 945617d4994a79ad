//===--- wave_compare.cpp - compareWaveSizes (wave-size-divergence) --------===//
///
/// \file
/// Runs a launch at wave 32 and at wave 64 from the same buffer contents and
/// reports `wave-size-divergence` when the results differ (wave_compare.h).
///
//===----------------------------------------------------------------------===//
#include "wavesan/wave_compare.h"

#include "wavesan/options.h"
#include "wavesan/report.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace wavesan {

namespace {

std::vector<unsigned char> snapshot(const DeviceBuffer &B) {
  std::vector<unsigned char> Bytes(B.Bytes);
  if (B.Bytes)
    std::memcpy(Bytes.data(), B.Ptr, B.Bytes);
  return Bytes;
}

/// Up to 4 bytes at \p Offset as hex, lowest address first ("00 00 a8 c1").
std::string bytesAt(const std::vector<unsigned char> &V, size_t Offset) {
  std::string Out;
  for (size_t I = Offset; I < V.size() && I < Offset + 4; ++I) {
    char Buf[4];
    std::snprintf(Buf, sizeof Buf, "%02x", V[I]);
    Out += (Out.empty() ? "" : " ") + std::string(Buf);
  }
  return Out;
}

} // namespace

bool compareWaveSizes(const char *What, const std::function<void()> &Launch,
                      std::initializer_list<DeviceBuffer> Buffers, std::source_location Loc) {
  const unsigned Previous = options().wave_size;
  std::vector<std::vector<unsigned char>> Initial, At32;
  for (const DeviceBuffer &B : Buffers)
    Initial.push_back(snapshot(B));

  setWaveSize(32);
  Launch();
  for (const DeviceBuffer &B : Buffers)
    At32.push_back(snapshot(B));
  size_t Index = 0;
  for (const DeviceBuffer &B : Buffers) {
    if (B.Bytes)
      std::memcpy(B.Ptr, Initial[Index].data(), B.Bytes);
    ++Index;
  }
  setWaveSize(64);
  Launch();
  setWaveSize(Previous);

  bool Same = true;
  Index = 0;
  for (const DeviceBuffer &B : Buffers) {
    const std::vector<unsigned char> At64 = snapshot(B);
    const std::vector<unsigned char> &Low = At32[Index];
    size_t Offset = 0;
    while (Offset < At64.size() && At64[Offset] == Low[Offset])
      ++Offset;
    if (Offset < At64.size()) {
      Same = false;
      size_t Differing = 0;
      for (size_t I = Offset; I < At64.size(); ++I)
        Differing += At64[I] != Low[I];
      ReportLocation W;
      W.File = Loc.file_name();
      W.Line = Loc.line();
      W.Function = Loc.function_name();
      W.Kernel = What;
      W.Scope = ReportScope::Launch;
      report(ReportKind::WaveSizeDivergence, W,
             std::string(What ? What : "the launch") + " gives different results at wave 32 " +
                 "and wave 64: buffer " + std::to_string(Index) + " (" +
                 std::to_string(B.Bytes) + " bytes) differs in " + std::to_string(Differing) +
                 " bytes, first at byte offset " + std::to_string(Offset) + " (bytes " +
                 std::to_string(Offset & ~size_t(3)) + "-" +
                 std::to_string(std::min(At64.size(), (Offset & ~size_t(3)) + 4) - 1) +
                 ": wave 32 " + bytesAt(Low, Offset & ~size_t(3)) + ", wave 64 " +
                 bytesAt(At64, Offset & ~size_t(3)) +
                 "); a kernel right on 32-lane warps and wrong on 64-lane wavefronts is a "
                 "port bug");
    }
    ++Index;
  }
  return Same;
}

} // namespace wavesan
