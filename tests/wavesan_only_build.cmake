# ctest WavesanOnly.BuildsWithoutLlvm: a wavesan-only build (-DWAVECHECK_BUILD_CHECKER=OFF)
# configures and builds without LLVM/Clang. This source tree is configured into WORK_DIR
# with LLVM's and Clang's CMake packages disabled (CMAKE_DISABLE_FIND_PACKAGE_*: any
# find_package(LLVM/Clang) is then an error or finds nothing) and LLVM_DIR / Clang_DIR
# pointing at an empty directory; the generated build must name no LLVM/Clang library or
# include directory, and one small wavesan library (wavesan-emu) must build.
#
# Usage: cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DGENERATOR=<gen> -DCXX_COMPILER=<c++>
#              [-DLAUNCHER=<ccache>] -P wavesan_only_build.cmake
foreach(_v SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT ${_v})
    message(FATAL_ERROR "wavesan_only_build.cmake: -D${_v}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/nowhere")
set(_launcher)
if(LAUNCHER)
  set(_launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" -G "${GENERATOR}"
          -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" ${_launcher}
          -DWAVECHECK_BUILD_CHECKER=OFF
          "-DLLVM_DIR=${WORK_DIR}/nowhere" "-DClang_DIR=${WORK_DIR}/nowhere"
          -DCMAKE_DISABLE_FIND_PACKAGE_LLVM=ON -DCMAKE_DISABLE_FIND_PACKAGE_Clang=ON
  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "configuring a wavesan-only build without LLVM/Clang failed:\n${_out}")
endif()

# Nothing of LLVM/Clang in the generated build: no LLVM or clang-cpp library, no include
# directory of LLVM's (the header-only parts the checker's tests use included).
set(_rules "${WORK_DIR}/build/build.ninja")
if(NOT EXISTS "${_rules}")
  file(GLOB_RECURSE _rules "${WORK_DIR}/build/*.make")
endif()
foreach(_f IN LISTS _rules)
  file(STRINGS "${_f}" _hits REGEX "(-lLLVM|-lclang-cpp|libLLVM|libclang-cpp|/llvm-[0-9]+/include)")
  if(_hits)
    list(GET _hits 0 _first)
    message(FATAL_ERROR "the wavesan-only build still uses LLVM/Clang (${_f}):\n  ${_first}")
  endif()
endforeach()
if(EXISTS "${WORK_DIR}/build/checker")
  message(FATAL_ERROR "the wavesan-only build configured checker/ (${WORK_DIR}/build/checker)")
endif()

execute_process(
  COMMAND ${CMAKE_COMMAND} --build "${WORK_DIR}/build" --target wavesan-emu -j 2
  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "building wavesan-emu in the wavesan-only build failed:\n${_out}")
endif()
message(STATUS "wavesan-only build: configured without LLVM/Clang, wavesan-emu built")
file(REMOVE_RECURSE "${WORK_DIR}")
