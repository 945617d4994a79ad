//===- wavesan-cc-args.cpp - wavesan-cc's command line --------------------===//
///
/// \file
/// The first step of wavesan-cc (wavesan-cc-driver.h): its usage text, the emulated
/// targets and their predefined macros, and parseArguments, which sorts the command line
/// into sources, link inputs and the flags passed to the host compiler, picks the target,
/// raises old -std= values, and drops or translates the flags of GPU compilers (hipcc,
/// nvcc, CMake's HIP language) that mean nothing for a host build.
///
//===----------------------------------------------------------------------===//

#include "wavesan-cc-driver.h"

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>
#include <wavecommon/flags.h>
#include <wavecommon/targets.h>

// endsWith.
#include "wavesan-cc-scan.h"

namespace wavesan_cc {

const char *const Usage =
    "usage: wavesan-cc [compiler flags] <input>... [-o <output>]\n"
    "  Compiles HIP sources (.hip .cu .cpp .cc .cxx .c++ .C) as C++20 against wavesan's CPU\n"
    "  emulator headers and links the emulator runtime. Object files and libraries (.o .a\n"
    "  .so) are linked. Other flags pass through to the host compiler ($WAVESAN_CXX, default\n"
    "  c++); -c/-S/-E compile only. WAVESAN_CC_VERBOSE=1 prints the command.\n"
    "  'kernel<<<grid, block, shmem, stream>>>(args...)' launches, in sources and in the\n"
    "  user headers they include, are rewritten on temporary copies (line numbers kept).\n";

namespace {

bool isSourceInput(std::string_view Arg) {
  for (const char *Ext : {".hip", ".cu", ".cpp", ".cc", ".cxx", ".c++", ".C", ".hpp", ".cuh"})
    if (endsWith(Arg, Ext))
      return true;
  return false;
}

bool isLinkInput(std::string_view Arg) {
  if (endsWith(Arg, ".o") || endsWith(Arg, ".a") || endsWith(Arg, ".so") ||
      endsWith(Arg, ".obj"))
    return true;
  // Versioned shared libraries: libfoo.so.1, libfoo.so.1.2.
  auto Pos = Arg.rfind(".so.");
  return Pos != std::string_view::npos && Arg.find('/', Pos) == std::string_view::npos;
}

/// GCC/Clang options whose value is the next argument (when given without a joined value).
bool takesSeparateValue(std::string_view Arg) {
  for (const char *Opt :
       {"-o", "-x", "-I", "-D", "-U", "-L", "-l", "-include", "-imacros", "-isystem",
        "-iquote", "-idirafter", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
        "-isysroot", "--sysroot", "-MF", "-MT", "-MQ", "-Xlinker", "-Xassembler",
        "-Xpreprocessor", "-Xclang", "-T", "-u", "-z", "-e", "--param", "-aux-info",
        "-dumpbase", "-dumpdir", "-target", "--target"})
    if (Arg == Opt)
      return true;
  return false;
}

constexpr EmulatedTarget EmulatedTargets[] = {
    {"gfx90a", "__GFX9__", false},
    {"gfx942", "__GFX9__", true},
    {"gfx950", "__GFX9__", true},
};

/// Every emulated target is a wave64 target of the project's target table.
constexpr bool emulatedTargetsAreWave64() {
  for (const EmulatedTarget &T : EmulatedTargets) {
    const wavecommon::Target *Known = wavecommon::findTarget(T.Name);
    if (!Known || Known->WaveSize != 64)
      return false;
  }
  return true;
}
static_assert(emulatedTargetsAreWave64(),
              "EmulatedTargets: wave64 targets of <wavecommon/targets.h>");

/// Prints `wavesan-cc: note: ...` once per distinct text.
void noteOnce(const std::string &Text) {
  static std::vector<std::string> Said;
  if (std::find(Said.begin(), Said.end(), Text) != Said.end())
    return;
  Said.push_back(Text);
  std::cerr << "wavesan-cc: note: " << Text << "\n";
}

} // namespace

/// The -D flags of the target's predefined macros (wave size 64: every emulated
/// target is a wave64 gfx9 part).
std::vector<std::string> targetMacros(const EmulatedTarget &T) {
  std::vector<std::string> D = {
      "-D__HIP__=1", "-D__HIPCC__=1", "-D__HIP_DEVICE_COMPILE__=1",
      "-D__HIP_PLATFORM_AMD__=1", "-D__AMDGCN__=1", "-D__AMDGPU__=1",
      "-D__AMDGCN_CUMODE__=1", std::string("-D") + T.Family + "=1",
      std::string("-D__") + T.Name + "__=1", "-D__AMDGCN_WAVEFRONT_SIZE=64",
      "-D__AMDGCN_WAVEFRONT_SIZE__=64", "-D__HIP_MEMORY_SCOPE_SINGLETHREAD=1",
      "-D__HIP_MEMORY_SCOPE_WAVEFRONT=2", "-D__HIP_MEMORY_SCOPE_WORKGROUP=3",
      "-D__HIP_MEMORY_SCOPE_AGENT=4", "-D__HIP_MEMORY_SCOPE_SYSTEM=5",
      "-D__HIP_MEMORY_SCOPE_CLUSTER=6",
      // Emulated code: wavesan's own headers tell it from a GPU compile.
      "-D__WAVESAN_EMU__=1"};
  if (T.NoImageSupport)
    D.insert(D.end(), {"-D__HIP_NO_IMAGE_SUPPORT=1", "-D__HIP_NO_IMAGE_SUPPORT__=1"});
  return D;
}

int fail(const std::string &Message) {
  std::cerr << "wavesan-cc: error: " << Message << "\n";
  return 1;
}

int parseArguments(const std::vector<std::string> &Args, Invocation &Inv) {
  // Classify arguments: sources, link inputs, flags (kept in order).
  std::vector<std::string> &Sources = Inv.Sources, &Out = Inv.Out;
  std::vector<size_t> &SourceSlots = Inv.SourceSlots; // index in Out of each source's path
  bool &Link = Inv.Link;
  bool HasInput = false;
  const EmulatedTarget *&Target = Inv.Target;
  Target = &EmulatedTargets[1]; // gfx942
  std::string TargetFlag;
  // -fwavesan-lockstep: lanes take shared-memory accesses together (lockstep.cpp); without
  // either flag, on when a source or user header looks warp-synchronous.
  int &LockstepFlag = Inv.LockstepFlag;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (A == "-fwavesan-lockstep" || A == "-fno-wavesan-lockstep") {
      LockstepFlag = A == "-fwavesan-lockstep";
      continue;
    }
    // Build lines as real Makefiles and CMake HIP builds write them: the target, the
    // C++ standard, the language and the GPU compilers' own flags.
    std::string_view AV = A;
    // GPU-compiler flags with no meaning for a host build, and the offload
    // architecture: the one classifier wavecheck uses too (<wavecommon/flags.h>).
    const wavecommon::FlagClass Flag = wavecommon::classifyFlag(A, wavecommon::FlagTool::Host);
    std::string Arch;
    bool IsArch = false;
    if (Flag.Kind == wavecommon::FlagKind::Arch && !Flag.TakesValue) {
      Arch = std::string(Flag.JoinedValue);
      IsArch = !Arch.empty() || AV.substr(0, 15) == "--offload-arch=";
    } else if (Flag.Kind == wavecommon::FlagKind::Arch && I + 1 < Args.size()) {
      Arch = Args[++I];
      IsArch = !Arch.empty();
    }
    if (IsArch) {
      // gfx942:sramecc+:xnack- names gfx942 with its features.
      std::string Name = Arch.substr(0, Arch.find(':'));
      const EmulatedTarget *Found = nullptr;
      for (const EmulatedTarget &T : EmulatedTargets)
        if (Name == T.Name)
          Found = &T;
      if (!Found)
        return fail("'" + A + "': the emulator runs the wave64 targets gfx90a, gfx942 and "
                    "gfx950; expected one of them (wave32 targets are not emulated: build "
                    "for gfx942 and run with WAVESAN_OPTIONS=wave_size=32)");
      if (!TargetFlag.empty() && Found != Target)
        noteOnce("'" + A + "' ignored: the emulator builds for one target, " + TargetFlag);
      else {
        Target = Found;
        TargetFlag = A;
      }
      continue;
    }
    if (AV.substr(0, 5) == "-std=" || AV.substr(0, 5) == "--std") {
      std::string_view V = AV.substr(AV.find_first_of("= ") + 1);
      bool Old = V == "c++98" || V == "c++03" || V == "c++11" || V == "c++14" ||
                 V == "c++17" || V == "c++1y" || V == "c++1z" || V == "gnu++98" ||
                 V == "gnu++03" || V == "gnu++11" || V == "gnu++14" || V == "gnu++17" ||
                 V == "gnu++1y" || V == "gnu++1z" || V == "hip" || V == "cuda";
      if (Old) {
        noteOnce("'" + A + "' raised to -std=c++20: the emulator's headers need C++20");
        continue;
      }
    }
    if (A == "-x" && I + 1 < Args.size() &&
        (Args[I + 1] == "hip" || Args[I + 1] == "cu" || Args[I + 1] == "cuda")) {
      noteOnce("'-x " + Args[I + 1] + "' dropped: sources are compiled as C++ for the emulator");
      ++I;
      continue;
    }
    if (A == "-Xcompiler" || A == "--compiler-options") { // nvcc: host compiler flags
      if (I + 1 >= Args.size())
        return fail("option '" + A + "' needs a value");
      std::istringstream Words(Args[++I]);
      for (std::string W; std::getline(Words, W, ',');)
        if (!W.empty())
          Out.push_back(W);
      continue;
    }
    if (A == "--hipstdpar" || A == "--hipstdpar-interpose-alloc" ||
        A.rfind("--hipstdpar-path=", 0) == 0 || A.rfind("--hipstdpar-thrust-path=", 0) == 0 ||
        A.rfind("--hipstdpar-prim-path=", 0) == 0) {
      // Offloading the C++ parallel algorithms needs rocThrust; the emulator runs them
      // as the host's standard library does (with <execution>'s policies).
      noteOnce("'" + A + "' dropped: the emulator does not offload standard parallel "
                         "algorithms; they run on the host's standard library");
      continue;
    }
    if (Flag.Kind == wavecommon::FlagKind::GpuOnly) {
      noteOnce("'" + A + "' dropped: a GPU compiler's flag, with no meaning for the emulator");
      if (Flag.TakesValue)
        ++I;
      continue;
    }
    if (takesSeparateValue(A)) {
      if (I + 1 >= Args.size())
        return fail("option '" + A + "' needs a value");
      Out.push_back(A);
      Out.push_back(Args[++I]);
      continue;
    }
    if (A == "-")
      return fail("reading a source from standard input ('-') is not supported; "
                  "give a .hip, .cu or .cpp file");
    if (!A.empty() && (A[0] == '-' || A[0] == '@')) {
      if (wavecommon::isCompileOnlyFlag(A))
        Link = false;
      Out.push_back(A);
      continue;
    }
    HasInput = true;
    if (isSourceInput(A)) {
      Sources.push_back(A);
      SourceSlots.push_back(Out.size() + 2);
      Out.insert(Out.end(), {"-x", "c++", A, "-x", "none"});
    } else if (isLinkInput(A)) {
      Out.push_back(A);
    } else {
      return fail("input '" + A +
                  "': unknown file type; expected a source (.hip, .cu, .cpp, .cc, .cxx, "
                  ".c++, .C) or an object/library (.o, .a, .so)");
    }
  }
  if (!HasInput)
    return fail(std::string("no input files\n") + Usage);
  return 0;
}

} // namespace wavesan_cc
