# cmake "-DHEADERS=a.h|b.h" -P CheckHeaderDocs.cmake
#
# Doxygen reports undocumented declarations only in files it documents, so a
# public header without a `@file` block would escape WARN_IF_UNDOCUMENTED.
# The docs target runs this first: every public header must carry `@file`.
string(REPLACE "|" ";" _headers "${HEADERS}")
set(_missing "")
foreach(_h IN LISTS _headers)
  file(READ "${_h}" _text)
  if(NOT _text MATCHES "[@\\]file")
    list(APPEND _missing "${_h}")
  endif()
endforeach()
if(_missing)
  list(JOIN _missing "\n  " _list)
  message(FATAL_ERROR "public headers without a Doxygen @file block:\n  ${_list}")
endif()
