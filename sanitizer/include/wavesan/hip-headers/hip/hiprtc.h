//===--- hip/hiprtc.h - HIP runtime compilation, on the CPU emulator -------===//
///
/// \file
/// The runtime-compilation API (hiprtc) compiles kernel source to GPU code at run
/// time; wavesan's CPU emulator runs kernels compiled with the program and cannot
/// load GPU code (module_api.h). Programs that include this header (a test
/// framework that can also run compiled-at-run-time kernels) compile and run: a
/// program can be created, given name expressions and destroyed, but
/// hiprtcCompileProgram returns HIPRTC_ERROR_COMPILATION with a log that says why,
/// and the code, lowered-name and linker queries return HIPRTC_ERROR_INVALID_PROGRAM
/// (no code was made). The result codes are ROCm's hiprtc.h values.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <hip/hip_runtime.h>

#include <cstddef>
#include <cstring>
#include <string>

enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
};

namespace wavesan::emu::detail {
/// A created program: its name and the log hiprtcCompileProgram leaves.
struct RtcProgram {
  std::string Name, Log;
};
} // namespace wavesan::emu::detail

using hiprtcProgram = ::wavesan::emu::detail::RtcProgram *;
struct ihiprtcLinkState;
using hiprtcLinkState = ihiprtcLinkState *;

inline const char *hiprtcGetErrorString(hiprtcResult Result) {
  switch (Result) {
  case HIPRTC_SUCCESS: return "HIPRTC_SUCCESS";
  case HIPRTC_ERROR_OUT_OF_MEMORY: return "HIPRTC_ERROR_OUT_OF_MEMORY";
  case HIPRTC_ERROR_PROGRAM_CREATION_FAILURE: return "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE";
  case HIPRTC_ERROR_INVALID_INPUT: return "HIPRTC_ERROR_INVALID_INPUT";
  case HIPRTC_ERROR_INVALID_PROGRAM: return "HIPRTC_ERROR_INVALID_PROGRAM";
  case HIPRTC_ERROR_INVALID_OPTION: return "HIPRTC_ERROR_INVALID_OPTION";
  case HIPRTC_ERROR_COMPILATION: return "HIPRTC_ERROR_COMPILATION";
  case HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE: return "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE";
  case HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION:
    return "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
  case HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION:
    return "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
  case HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID: return "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
  case HIPRTC_ERROR_INTERNAL_ERROR: return "HIPRTC_ERROR_INTERNAL_ERROR";
  case HIPRTC_ERROR_LINKING: return "HIPRTC_ERROR_LINKING";
  }
  return "invalid hiprtcResult";
}

inline hiprtcResult hiprtcVersion(int *Major, int *Minor) {
  if (!Major || !Minor)
    return HIPRTC_ERROR_INVALID_INPUT;
  *Major = 6;
  *Minor = 0;
  return HIPRTC_SUCCESS;
}

inline hiprtcResult hiprtcCreateProgram(hiprtcProgram *Prog, const char *Src, const char *Name,
                                        int NumHeaders, const char *const *, const char *const *) {
  if (!Prog || !Src || NumHeaders < 0)
    return HIPRTC_ERROR_INVALID_INPUT;
  *Prog = new ::wavesan::emu::detail::RtcProgram{Name ? Name : "default_program", ""};
  return HIPRTC_SUCCESS;
}

inline hiprtcResult hiprtcDestroyProgram(hiprtcProgram *Prog) {
  if (!Prog || !*Prog)
    return HIPRTC_ERROR_INVALID_PROGRAM;
  delete *Prog;
  *Prog = nullptr;
  return HIPRTC_SUCCESS;
}

inline hiprtcResult hiprtcAddNameExpression(hiprtcProgram Prog, const char *Expression) {
  if (!Prog)
    return HIPRTC_ERROR_INVALID_PROGRAM;
  return Expression ? HIPRTC_SUCCESS : HIPRTC_ERROR_INVALID_INPUT;
}

inline hiprtcResult hiprtcCompileProgram(hiprtcProgram Prog, int, const char *const *) {
  if (!Prog)
    return HIPRTC_ERROR_INVALID_PROGRAM;
  Prog->Log = "wavesan: '" + Prog->Name +
              "' not compiled: wavesan's CPU emulator runs the kernels compiled with the "
              "program and cannot compile or load GPU code at run time (hiprtc, modules)\n";
  return HIPRTC_ERROR_COMPILATION;
}

inline hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram Prog, size_t *Size) {
  if (!Prog || !Size)
    return Prog ? HIPRTC_ERROR_INVALID_INPUT : HIPRTC_ERROR_INVALID_PROGRAM;
  *Size = Prog->Log.size() + 1;
  return HIPRTC_SUCCESS;
}

inline hiprtcResult hiprtcGetProgramLog(hiprtcProgram Prog, char *Log) {
  if (!Prog || !Log)
    return Prog ? HIPRTC_ERROR_INVALID_INPUT : HIPRTC_ERROR_INVALID_PROGRAM;
  std::memcpy(Log, Prog->Log.c_str(), Prog->Log.size() + 1);
  return HIPRTC_SUCCESS;
}

inline hiprtcResult hiprtcGetCodeSize(hiprtcProgram, size_t *) {
  return HIPRTC_ERROR_INVALID_PROGRAM;
}
inline hiprtcResult hiprtcGetCode(hiprtcProgram, char *) { return HIPRTC_ERROR_INVALID_PROGRAM; }
inline hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram, size_t *) {
  return HIPRTC_ERROR_INVALID_PROGRAM;
}
inline hiprtcResult hiprtcGetBitcode(hiprtcProgram, char *) {
  return HIPRTC_ERROR_INVALID_PROGRAM;
}
inline hiprtcResult hiprtcGetLoweredName(hiprtcProgram, const char *, const char **) {
  return HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
}
inline hiprtcResult hiprtcLinkCreate(unsigned, void *, void **, hiprtcLinkState *) {
  return HIPRTC_ERROR_LINKING;
}
inline hiprtcResult hiprtcLinkDestroy(hiprtcLinkState) { return HIPRTC_SUCCESS; }
