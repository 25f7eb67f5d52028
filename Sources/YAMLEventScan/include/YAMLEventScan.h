#ifndef YAML_EVENT_SCAN_H
#define YAML_EVENT_SCAN_H

#include <stddef.h>

/// Parses a YAML (or JSON) document with libyaml and only walks its events: the floor that any libyaml-based
/// generator's parse stage is measured against. Returns the number of events, or -1 on a parse error.
long yaml_event_scan(const unsigned char *bytes, size_t length);

#endif
