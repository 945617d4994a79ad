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

/// The rule's SARIF `name`: the check name in PascalCase, each part between
/// `-`, `_` or `.` capitalised and the separators dropped
/// ("wave64-hardcoded-warp-size" -> "Wave64HardcodedWarpSize"): a rule name
/// in the identifier style of SARIF 2.1.0's reportingDescriptor examples,
/// distinct from the id.
std::string ruleName(llvm::StringRef Check);

/// The rule's SARIF `helpUri`: "rules/<check>.md", a relative URI reference
/// to the rule's doc in the wavecheck source tree (the docs are not
/// installed; `wavecheck --explain <check>` prints the same text, and the
/// rule's `help` carries it whole).
std::string ruleHelpUri(llvm::StringRef Check);

} // namespace wavecheck

#endif // WAVECHECK_LIB_SARIFRULES_H
