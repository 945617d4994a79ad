//===--- Progress.cpp - the progress line of long scans --------------------===//
#include "lib/Progress.h"

#include "llvm/Support/Process.h"
#include <memory>
#include <string>

namespace wavecheck {

std::function<void(size_t, size_t, size_t)> makeProgressLine(ProgressMode Mode,
                                                             llvm::raw_ostream &OS) {
  if (Mode == ProgressMode::Never ||
      (Mode == ProgressMode::Auto && !llvm::sys::Process::StandardErrIsDisplayed()))
    return {};
  // Width of the line last written, to blank what a shorter line leaves.
  auto Width = std::make_shared<size_t>(0);
  return [&OS, Width](size_t Done, size_t Total, size_t Findings) {
    std::string Line = "wavecheck: " + std::to_string(Done) + "/" + std::to_string(Total) +
                       " files, " + std::to_string(Findings) +
                       (Findings == 1 ? " finding" : " findings");
    size_t Pad = *Width > Line.size() ? *Width - Line.size() : 0;
    OS << '\r' << Line << std::string(Pad, ' ');
    *Width = Line.size();
    if (Done == Total) // the last file: erase the line before the report
      OS << '\r' << std::string(*Width, ' ') << '\r';
    OS.flush();
  };
}

} // namespace wavecheck
