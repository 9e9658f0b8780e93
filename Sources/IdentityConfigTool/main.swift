import Foundation
import IdentityConfigGenerator

// The tool behind IdentityConfigPlugin and the identity-config command: see IdentityConfigCommandLine.
let commandLine = IdentityConfigCommandLine(
    output: { line in print(line) },
    errors: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
exit(commandLine.run(Array(CommandLine.arguments.dropFirst())))
