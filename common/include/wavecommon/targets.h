//===--- wavecommon/targets.h - the GPU targets wavecheck and wavesan know -===//
///
/// \file
/// One table of the AMD GPU targets (offload architectures) the project
/// knows, and the lookup by name. wavecheck's checks, its configuration
/// parser, wavesan's emulator (device properties, launch limits), its XCD
/// model, its reference dispatch and its doctor all read their hardware
/// figures from here; docs/hardware.md lists each figure, where it is used,
/// and the public source it comes from:
///
///   [DS]    AMD Instinct MI300X Accelerator data sheet
///   [WP]    AMD CDNA 3 Architecture white paper
///   [ISA]   AMD Instinct MI300 "CDNA 3" Instruction Set Architecture
///           reference guide
///   [ARCH]  ROCm documentation, "AMD Instinct MI300 series microarchitecture"
///   [HIPFP8] HIP documentation, "Low precision floating point types"
///   [LLVM]  LLVM "User Guide for AMDGPU Backend" (processors, wavefront size)
///
/// A figure the project does not compute with for a target is 0 ("not
/// recorded"); code that needs it must ask for a target that has it.
///
/// C++17 and the standard library only: usable from the LLVM-based checker
/// and from the sanitiser without LLVM.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECOMMON_TARGETS_H
#define WAVECOMMON_TARGETS_H

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace wavecommon {

/// FP8 encoding family the hardware's matrix and convert instructions compute
/// in ([HIPFP8], [ISA]; docs/hardware.md, "FP8 formats: OCP and FNUZ").
enum class Fp8Format { None, FNUZ, OCP };

/// What the project knows of one offload architecture. Sizes are bytes, counts
/// are per device as the HIP runtime reports it (one partition in SPX mode).
struct Target {
  std::string_view Name;       ///< offload architecture, e.g. "gfx942"
  std::string_view Product;    ///< product names, for messages, e.g. "MI300X/MI325X"
  unsigned WaveSize;           ///< lanes per wavefront: 64 (gfx9) or 32 (gfx10+)
  Fp8Format Fp8;               ///< FP8 format of the matrix/convert instructions
  unsigned NumXcds;            ///< XCDs fed round-robin in SPX mode; 1 = monolithic
  unsigned ComputeUnits;       ///< CUs of the device; 0 = not recorded
  unsigned LdsBytesPerCu;      ///< LDS of one CU; 0 = not recorded
  unsigned LdsBytesPerWorkgroup; ///< the most LDS one workgroup may use; 0 = not recorded
  std::uint64_t L2BytesPerXcd; ///< L2 of one XCD (shared by its CUs only); 0 = not recorded
  unsigned MaxWorkgroupThreads;  ///< threads (work-items) per workgroup at most; 0 = not recorded
  unsigned ResidentThreadsPerCu; ///< threads resident on one CU at once; 0 = not recorded

  /// CUs of one XCD: ComputeUnits / NumXcds (0 when ComputeUnits is not recorded).
  constexpr unsigned computeUnitsPerXcd() const {
    return NumXcds ? ComputeUnits / NumXcds : 0;
  }
};

/// The table, one entry per target. gfx940 and gfx941 (early MI300 parts) are
/// left out: clang 22 no longer accepts them.
inline constexpr Target Targets[] = {
    // gfx90a: CDNA2. Wave size [LLVM]; no FP8 instructions [HIPFP8]; one XCD
    // per device.
    {"gfx90a", "MI200", 64, Fp8Format::None, 1, 0, 0, 0, 0, 0, 0},
    // gfx942: CDNA3, MI300X and MI325X.
    {"gfx942", "MI300X/MI325X",
     64,              // wavefront size: [ISA] ("wave64"), [LLVM]
     Fp8Format::FNUZ, // E4M3/E5M2 FNUZ only: [HIPFP8], [ISA]
     8,               // XCDs, workgroups dispatched round-robin in SPX: [ARCH], [WP]
     304,             // compute units (8 XCDs x 38 active): [DS], [ARCH]
     64 * 1024,       // LDS per CU, 64 KB: [ISA], [DS]
     64 * 1024,       // LDS one workgroup may allocate: all of its CU's [ISA]
     4ull << 20,      // L2 per XCD, "4 MB" [ARCH], [WP] (binary MB, as HIP's l2CacheSize)
     1024,            // threads per workgroup: [LLVM] (amdgpu-flat-work-group-size at most 1024)
     2048},           // resident threads per CU (32 wavefronts of 64): the HIP
                      // runtime's hipDeviceProp_t::maxThreadsPerMultiProcessor on MI300X
    // gfx950: CDNA4, MI350 and MI355. OCP FP8 [HIPFP8]; 8 XCDs as gfx942 [ARCH].
    {"gfx950", "MI350/MI355", 64, Fp8Format::OCP, 8, 0, 0, 0, 0, 0, 0},
    // RDNA2/3: wave32 by default [LLVM]; no FP8 instructions [HIPFP8].
    {"gfx1030", "RDNA2", 32, Fp8Format::None, 1, 0, 0, 0, 0, 0, 0},
    {"gfx1100", "RDNA3", 32, Fp8Format::None, 1, 0, 0, 0, 0, 0, 0},
    {"gfx1101", "RDNA3", 32, Fp8Format::None, 1, 0, 0, 0, 0, 0, 0},
    {"gfx1102", "RDNA3", 32, Fp8Format::None, 1, 0, 0, 0, 0, 0, 0},
    // RDNA4: wave32 [LLVM]; OCP FP8 (WMMA) [HIPFP8].
    {"gfx1200", "RDNA4", 32, Fp8Format::OCP, 1, 0, 0, 0, 0, 0, 0},
    {"gfx1201", "RDNA4", 32, Fp8Format::OCP, 1, 0, 0, 0, 0, 0, 0},
};

/// Number of entries of Targets.
inline constexpr std::size_t NumTargets = sizeof(Targets) / sizeof(Targets[0]);

/// The architecture the project assumes when none is given: MI300X.
inline constexpr std::string_view DefaultArch = "gfx942";

/// The base name of a target id: "gfx942" of "gfx942:sramecc+:xnack-" (a
/// target id's feature settings follow ':' [LLVM], "Target ID").
constexpr std::string_view baseArch(std::string_view Arch) {
  return Arch.substr(0, Arch.find(':'));
}

/// The entry named \p Arch, feature settings (":xnack+") ignored; nullptr
/// when the table has none (also for "").
constexpr const Target *findTarget(std::string_view Arch) {
  const std::string_view Base = baseArch(Arch);
  for (const Target &T : Targets)
    if (T.Name == Base)
      return &T;
  return nullptr;
}

/// The entry of DefaultArch (gfx942).
constexpr const Target &defaultTarget() { return *findTarget(DefaultArch); }

/// The MI300X (gfx942) figures, for code that models that one device (the
/// emulator's device properties and launch limits, the XCD model's defaults).
inline constexpr const Target &Gfx942 = Targets[1];
static_assert(Gfx942.Name == "gfx942", "Targets[1] is gfx942");
static_assert(findTarget(DefaultArch) != nullptr, "the default target is in the table");

} // namespace wavecommon

#endif // WAVECOMMON_TARGETS_H
