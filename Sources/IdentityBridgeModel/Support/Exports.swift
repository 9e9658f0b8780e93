// The model's public API uses Foundation's Date; re-export it so users need one import.
@_exported public import Foundation
