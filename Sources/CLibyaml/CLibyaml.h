// The system libyaml (Debian: libyaml-dev, pkg-config yaml-0.1; Homebrew: libyaml), used by
// IdentityBridge's YAMLExpansion to count alias expansion on the event stream before Yams
// composes a document. Yams links its own copy of libyaml (same API, same structure layouts);
// the package reads libyaml only through this module, never through Yams' internal CYaml.
#ifndef IDENTITYBRIDGE_CLIBYAML_H
#define IDENTITYBRIDGE_CLIBYAML_H
#include <yaml.h>
#endif
