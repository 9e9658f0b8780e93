#if TokenService
/// What a front end throws into the request frame (``ServiceInstrumentation``) for a request its router matched to no
/// route: the frame answers 405 with `Allow` when the path is a served route's, else the uniform 404.
package struct UnmatchedRoute: Error, Sendable {
    package init() {}
}
#endif
