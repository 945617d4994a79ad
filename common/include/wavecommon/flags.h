//===--- wavecommon/flags.h - GPU-compiler flags of real build lines -------===//
///
/// \file
/// Build lines of CUDA and HIP projects carry flags of the GPU compilers
/// (nvcc's, clang/hipcc's) that a HIP tool must not pass on as they are:
/// wavecheck hands the rest to clang (which rejects nvcc's spellings), and
/// wavesan-cc hands the rest to a host C++ compiler (which rejects both
/// kinds). This header is the one table of those flags and their forms, and
/// the classifier both tools call. Sources: the nvcc command-line reference
/// (CUDA Compiler Driver NVCC, "Command Option Reference"), clang's HIP
/// options (clang --help, "HIP support" in the clang documentation), hipcc's
/// documentation.
///
/// The two tools drop different sets (clang understands -fgpu-rdc, a host
/// compiler does not; wavesan-cc expands -Xcompiler and passes -Xlinker to its
/// link), so every entry says which tool it applies to (Tool). A flag that is
/// not in the table for a tool is FlagKind::Other for that tool.
///
/// C++17 and the standard library only.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECOMMON_FLAGS_H
#define WAVECOMMON_FLAGS_H

#include <string_view>

namespace wavecommon {

/// The tool a flag is classified for (bit mask in the table).
enum class FlagTool : unsigned {
  Clang = 1, ///< wavecheck: the command goes to clang in HIP mode
  Host = 2,  ///< wavesan-cc: the command goes to a host C++ compiler
};

/// How a table entry matches an argument.
enum class FlagForm {
  Exact,    ///< the argument is the spelling; no value
  Separate, ///< the argument is the spelling; the value is the next argument
  Prefix,   ///< the argument starts with the spelling ("-arch=", joined value)
};

/// What a flag is, for a tool.
enum class FlagKind {
  Other,   ///< not in the table for this tool: the tool passes it on
  GpuOnly, ///< a GPU compiler's flag with no meaning for the tool: dropped
  Arch,    ///< selects the offload architecture (the value names it)
};

struct FlagEntry {
  std::string_view Spelling;
  FlagForm Form;
  FlagKind Kind;
  unsigned Tools; ///< FlagTool bits this entry applies to
};

namespace flagdetail {
constexpr unsigned C = unsigned(FlagTool::Clang), H = unsigned(FlagTool::Host), CH = C | H;
constexpr FlagForm E = FlagForm::Exact, S = FlagForm::Separate, P = FlagForm::Prefix;
constexpr FlagKind G = FlagKind::GpuOnly, A = FlagKind::Arch;
} // namespace flagdetail

/// The table. nvcc's options with a value are written "-opt value" or
/// "-opt=value" (two entries: Separate and Prefix); where a tool reads only
/// one of the two forms, the other entry leaves that tool out.
inline constexpr FlagEntry GpuFlags[] = {
#define WAVECOMMON_F(SPELLING, FORM, KIND, TOOLS)                              \
  {SPELLING, flagdetail::FORM, flagdetail::KIND, flagdetail::TOOLS}
    // nvcc: host compiler, assembler, linker pass-through. wavesan-cc expands
    // -Xcompiler itself and gives -Xlinker to its link.
    WAVECOMMON_F("-Xcompiler", S, G, C), WAVECOMMON_F("-Xcompiler=", P, G, C),
    WAVECOMMON_F("--compiler-options", S, G, C), WAVECOMMON_F("--compiler-options=", P, G, C),
    WAVECOMMON_F("-Xptxas", S, G, CH), WAVECOMMON_F("-Xptxas=", P, G, CH),
    WAVECOMMON_F("--ptxas-options", S, G, C), WAVECOMMON_F("--ptxas-options=", P, G, C),
    WAVECOMMON_F("-Xlinker", S, G, C), WAVECOMMON_F("-Xlinker=", P, G, C),
    WAVECOMMON_F("--linker-options", S, G, C), WAVECOMMON_F("--linker-options=", P, G, C),
    WAVECOMMON_F("-Xnvlink", S, G, CH), WAVECOMMON_F("-Xnvlink=", P, G, C),
    // nvcc: code generation targets and options.
    WAVECOMMON_F("-gencode", S, G, CH), WAVECOMMON_F("-gencode=", P, G, CH),
    WAVECOMMON_F("--generate-code", S, G, CH), WAVECOMMON_F("--generate-code=", P, G, CH),
    WAVECOMMON_F("-ccbin", S, G, CH), WAVECOMMON_F("-ccbin=", P, G, CH),
    WAVECOMMON_F("--compiler-bindir", S, G, CH), WAVECOMMON_F("--compiler-bindir=", P, G, CH),
    WAVECOMMON_F("-arch", S, G, C), WAVECOMMON_F("-arch=", P, G, CH),
    WAVECOMMON_F("--gpu-architecture", S, G, CH), WAVECOMMON_F("--gpu-architecture=", P, G, CH),
    WAVECOMMON_F("-code", S, G, CH), WAVECOMMON_F("-code=", P, G, CH),
    WAVECOMMON_F("--gpu-code", S, G, CH), WAVECOMMON_F("--gpu-code=", P, G, CH),
    WAVECOMMON_F("-rdc", S, G, CH), WAVECOMMON_F("-rdc=", P, G, CH),
    WAVECOMMON_F("--relocatable-device-code", S, G, C),
    WAVECOMMON_F("--relocatable-device-code=", P, G, CH),
    WAVECOMMON_F("-maxrregcount", S, G, CH), WAVECOMMON_F("-maxrregcount=", P, G, CH),
    WAVECOMMON_F("--maxrregcount", S, G, C), WAVECOMMON_F("--maxrregcount=", P, G, CH),
    WAVECOMMON_F("--default-stream", S, G, C), WAVECOMMON_F("--default-stream=", P, G, C),
    // nvcc: language extensions, debug and compilation modes.
    WAVECOMMON_F("--expt-relaxed-constexpr", E, G, CH),
    WAVECOMMON_F("--expt-extended-lambda", E, G, CH), WAVECOMMON_F("--extended-lambda", E, G, CH),
    WAVECOMMON_F("-lineinfo", E, G, CH), WAVECOMMON_F("--generate-line-info", E, G, C),
    WAVECOMMON_F("--use_fast_math", E, G, CH), WAVECOMMON_F("-use_fast_math", E, G, CH),
    WAVECOMMON_F("--keep", E, G, C), WAVECOMMON_F("-G", E, G, C),
    WAVECOMMON_F("--device-debug", E, G, C), WAVECOMMON_F("-dc", E, G, C),
    WAVECOMMON_F("--device-c", E, G, C), WAVECOMMON_F("-dlink", E, G, C),
    WAVECOMMON_F("--device-link", E, G, C), WAVECOMMON_F("-cudart", E, G, C),
    // clang/hipcc GPU-compile flags: clang understands them, a host compiler does not.
    WAVECOMMON_F("-fgpu-rdc", E, G, H), WAVECOMMON_F("-fno-gpu-rdc", E, G, H),
    WAVECOMMON_F("-fhip-new-launch-api", E, G, H),
    WAVECOMMON_F("-fno-hip-new-launch-api", E, G, H), WAVECOMMON_F("-nogpulib", E, G, H),
    WAVECOMMON_F("-nogpuinc", E, G, H), WAVECOMMON_F("-fgpu-flush-denormals-to-zero", E, G, H),
    WAVECOMMON_F("-fno-gpu-flush-denormals-to-zero", E, G, H),
    WAVECOMMON_F("-fcuda-flush-denormals-to-zero", E, G, H),
    WAVECOMMON_F("-fgpu-approx-transcendentals", E, G, H),
    WAVECOMMON_F("-munsafe-fp-atomics", E, G, H), WAVECOMMON_F("-mno-unsafe-fp-atomics", E, G, H),
    WAVECOMMON_F("-mwavefrontsize64", E, G, H), WAVECOMMON_F("-mno-wavefrontsize64", E, G, H),
    WAVECOMMON_F("-mcumode", E, G, H), WAVECOMMON_F("-mno-cumode", E, G, H),
    WAVECOMMON_F("-hip-link", E, G, H), WAVECOMMON_F("--hip-link", E, G, H),
    WAVECOMMON_F("--hip-path=", P, G, H), WAVECOMMON_F("--rocm-path=", P, G, H),
    WAVECOMMON_F("--hip-device-lib", P, G, H), WAVECOMMON_F("-fgpu-default-stream=", P, G, H),
    // The offload architecture. wavecheck sets it per pass itself (and drops
    // clang's older --cuda-gpu-arch=); wavesan-cc reads it, and also hipcc's
    // --amdgpu-target=; a host compiler has no --cuda-gpu-arch=.
    WAVECOMMON_F("--offload-arch", S, A, CH), WAVECOMMON_F("-offload-arch", S, A, CH),
    WAVECOMMON_F("--offload-arch=", P, A, CH), WAVECOMMON_F("-offload-arch=", P, A, C),
    WAVECOMMON_F("--amdgpu-target=", P, A, H), WAVECOMMON_F("--cuda-gpu-arch=", P, A, C),
    WAVECOMMON_F("--cuda-gpu-arch=", P, G, H),
#undef WAVECOMMON_F
};

/// The classification of one argument for one tool.
struct FlagClass {
  FlagKind Kind = FlagKind::Other;
  /// The value is the next argument (FlagForm::Separate).
  bool TakesValue = false;
  /// For a Prefix entry, the value after the spelling ("gfx942" of
  /// "--offload-arch=gfx942"); empty otherwise.
  std::string_view JoinedValue;
};

/// Classifies \p Arg, one argument of a compile command, for \p Tool: the
/// first table entry for that tool it matches, else FlagKind::Other.
constexpr FlagClass classifyFlag(std::string_view Arg, FlagTool Tool) {
  for (const FlagEntry &F : GpuFlags) {
    if (!(F.Tools & unsigned(Tool)))
      continue;
    if (F.Form == FlagForm::Prefix) {
      if (Arg.substr(0, F.Spelling.size()) == F.Spelling)
        return {F.Kind, false, Arg.substr(F.Spelling.size())};
    } else if (Arg == F.Spelling) {
      return {F.Kind, F.Form == FlagForm::Separate, {}};
    }
  }
  return {};
}

/// Flags that stop the compiler before linking: -c, -S, -E, -M, -MM,
/// -fsyntax-only (GCC and clang manuals, "Overall Options" and
/// "Preprocessor Options").
constexpr bool isCompileOnlyFlag(std::string_view Arg) {
  return Arg == "-c" || Arg == "-S" || Arg == "-E" || Arg == "-M" || Arg == "-MM" ||
         Arg == "-fsyntax-only";
}

} // namespace wavecommon

#endif // WAVECOMMON_FLAGS_H
