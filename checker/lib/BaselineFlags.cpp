//===--- BaselineFlags.cpp - `--baseline` and `--write-baseline` of a run --===//
#include "lib/BaselineFlags.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

namespace wavecheck {

namespace fs = llvm::sys::fs;

bool BaselineFlags::set(const std::optional<std::string> &Read,
                        const std::optional<std::string> &Write, std::string &Err) {
  if (Read) {
    if (Read->empty()) {
      Err = "--baseline needs a file name";
      return false;
    }
    if (!loadBaseline(*Read, Known, Err))
      return false;
    ReadPath = *Read;
  }
  if (Write) {
    llvm::StringRef Dir = llvm::sys::path::parent_path(*Write);
    if (Write->empty() || fs::is_directory(*Write)) {
      Err = "--write-baseline needs a file name";
      return false;
    }
    if (fs::access(Dir.empty() ? "." : Dir, fs::AccessMode::Write)) {
      Err = "cannot write --write-baseline file '" + *Write +
            "': its directory does not exist or is not writable";
      return false;
    }
    WritePath = *Write;
  }
  return true;
}

size_t BaselineFlags::apply(RunResult &R) const {
  return ReadPath.empty() ? 0 : applyBaseline(R, Known, ReadPath);
}

std::string BaselineFlags::record(RunResult &R, llvm::raw_ostream &Errs) const {
  std::string WriteError;
  if (!WritePath.empty()) {
    std::string Err;
    if (!writeBaseline(R, WritePath, Err))
      WriteError = Err; // reported by the caller, after the report
    else
      llvm::WithColor::note(Errs, "wavecheck")
          << "recorded " << R.Findings.size()
          << (R.Findings.size() == 1 ? " finding" : " findings") << " in the baseline "
          << WritePath << "\n";
  }
  if (size_t N = apply(R))
    llvm::WithColor::note(Errs, "wavecheck")
        << N << (N == 1 ? " finding" : " findings") << " suppressed by the baseline "
        << ReadPath << "\n";
  return WriteError;
}

} // namespace wavecheck
