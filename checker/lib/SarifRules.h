//===--- SarifRules.h - SARIF rule descriptions from the rule docs ---------===//
///
/// \file
/// The text of a SARIF rule (reportingDescriptor) that comes from its doc,
/// rules/<check>.md, for lib/Sarif.cpp: the fullDescription, cut to what
/// GitHub code scanning accepts.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_SARIFRULES_H
#define WAVECHECK_LIB_SARIFRULES_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace wavecheck {

/// The rule's fullDescription: the doc's "## What it finds" section, without
/// its heading; when longer than code scanning's 1000 characters, cut before
/// the last block (paragraph, list item, table, heading) that fits, trailing
/// headings dropped, and "(continued in the rule's help)" appended. Empty when
/// the doc has no such section. The whole doc is the rule's help.
std::string whatItFinds(llvm::StringRef Doc);

} // namespace wavecheck

#endif // WAVECHECK_LIB_SARIFRULES_H
