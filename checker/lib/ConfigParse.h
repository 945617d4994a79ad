//===--- ConfigParse.h - shared internals of Config*.cpp -------*- C++ -*-===//
///
/// \file
/// Private to checker/lib/Config*.cpp: the problem record the parser fills in
/// (ConfigParse.cpp) and the resolver reports (Config.cpp). The public
/// interface is lib/Config.h.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_CONFIGPARSE_H
#define WAVECHECK_LIB_CONFIGPARSE_H

#include "lib/Config.h"
#include "lib/Output.h" // displayPath: messages name files as users see them

#include "llvm/ADT/StringRef.h"
#include <string>

namespace wavecheck {
namespace detail {

/// Where and what: "<file>:<line>:<column>" and the message.
struct Problem {
  std::string Where, What;
  std::string str() const { return Where + ": " + What; }
};

/// Reads and parses the configuration file at \p Path, as loadConfigFile, but
/// with the problem split into where and what. False with \p P on failure.
bool loadProblem(llvm::StringRef Path, WavecheckConfig &Out, Problem &P);

} // namespace detail
} // namespace wavecheck

#endif
