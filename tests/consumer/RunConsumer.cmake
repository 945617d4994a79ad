# IntegConsumer.InstalledPackage (tests/sanitizer/integ.cmake): install wavesan's build tree
# into a fresh prefix, configure and build tests/consumer/ against it with
# CMAKE_PREFIX_PATH, and run the consumer's ctest. Fails if find_package(wavesan) resolved
# anywhere but the fresh prefix.
#   cmake -DWAVESAN_BUILD_DIR=... -DCONSUMER_SOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=...
#         -DCXX_COMPILER=... -DCTEST_COMMAND=... [-DLAUNCHER=ccache] -P RunConsumer.cmake
foreach(_v WAVESAN_BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER CTEST_COMMAND)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "RunConsumer.cmake: -D${_v}=... is required")
  endif()
endforeach()
set(_prefix "${WORK_DIR}/prefix")
set(_build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")

function(run_step what)
  message(STATUS "consumer: ${what}: ${ARGN}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "consumer: ${what} failed (${_rc})")
  endif()
endfunction()

run_step("install" "${CMAKE_COMMAND}" --install "${WAVESAN_BUILD_DIR}" --prefix "${_prefix}"
         --component wavesan)
set(_launcher)
if(LAUNCHER)
  set(_launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
run_step("configure" "${CMAKE_COMMAND}" -S "${CONSUMER_SOURCE_DIR}" -B "${_build}"
         -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${_prefix}"
         "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" ${_launcher})
file(STRINGS "${_build}/CMakeCache.txt" _dir REGEX "^wavesan_DIR:")
string(REGEX REPLACE "^wavesan_DIR:[A-Z]+=" "" _dir "${_dir}")
file(REAL_PATH "${_prefix}" _real_prefix)
string(FIND "${_dir}" "${_real_prefix}/" _at)
if(NOT _at EQUAL 0)
  message(FATAL_ERROR "consumer: find_package(wavesan) found '${_dir}', not the installed "
          "prefix ${_real_prefix}")
endif()
run_step("build" "${CMAKE_COMMAND}" --build "${_build}" -j 2)
run_step("ctest" "${CTEST_COMMAND}" --test-dir "${_build}" --output-on-failure)
# The CLI and rule docs are installed next to the libraries.
foreach(_f bin/wavesan-cc share/wavesan/rules/wave64-partial-reduction.md
           lib/cmake/wavesan/wavesanConfigVersion.cmake)
  if(NOT EXISTS "${_prefix}/${_f}")
    message(FATAL_ERROR "consumer: ${_prefix}/${_f} was not installed")
  endif()
endforeach()
message(STATUS "consumer: passed (wavesan_DIR ${_dir})")
