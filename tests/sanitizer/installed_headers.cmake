# ctest InstalledHeaders.<group>: installs component "wavesan" into a scratch prefix and
# compiles every installed header in a translation unit of its own (check_headers.cmake
# says how each group is compiled). InstalledHeaders.MissingIncludeIsCaught runs the same
# check on testdata/headers-missing-include/, whose needs_string.h uses std::string
# without <string>: the check must name it.
if(NOT TARGET wavesan-cc)
  return()
endif()
foreach(_group public emu hip-headers unsupported)
  add_test(NAME InstalledHeaders.${_group}
           COMMAND ${CMAKE_COMMAND} -DGROUP=${_group}
                   -DWORK=${CMAKE_CURRENT_BINARY_DIR}/installed-headers/${_group}
                   -DCXX=${CMAKE_CXX_COMPILER} -DINSTALL_FROM=${PROJECT_BINARY_DIR}
                   -DCMAKE_COMMAND=${CMAKE_COMMAND}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/check_headers.cmake)
  set_tests_properties(InstalledHeaders.${_group} PROPERTIES TIMEOUT 600)
endforeach()
add_test(NAME InstalledHeaders.MissingIncludeIsCaught
         COMMAND ${CMAKE_COMMAND} -DGROUP=public
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/installed-headers/missing-include
                 -DCXX=${CMAKE_CXX_COMPILER}
                 -DROOT=${PROJECT_SOURCE_DIR}/testdata/headers-missing-include
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_headers.cmake)
# The check fails (any exit status) naming the header and the missing type, and only it.
set_tests_properties(InstalledHeaders.MissingIncludeIsCaught PROPERTIES
  PASS_REGULAR_EXPRESSION "1 of 2 public headers failed:.*wavesan/needs_string.h does not compile on its own:.*string")
