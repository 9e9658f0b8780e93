# The token service's image: identity-server only (no identityctl, no simulator, no test kit), built on the
# official Swift image and run on a slim Ubuntu as a non-root user. See deploy/kubernetes/ for a manifest.
# Linted with hadolint in CI (.ci/deploy-check.sh); no Docker engine runs there, so CI never builds it.
#   docker build -t identity-server .
#   docker run --rm -p 8080:8080 -v "$PWD/secrets:/etc/identitybridge:ro" identity-server

FROM swift:6.3-noble AS build
# libssl-dev: the SystemLibcrypto trait links the system libcrypto for the HMAC hot path (no product links
# libyaml: Yams carries its own copy, and the YAML alias bound is the package's own Swift).
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libssl-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /build
# The manifest names every target (tests and plugins too), so the whole package is copied (.dockerignore
# leaves out build folders).
COPY . .
RUN swift build -c release --product identity-server --static-swift-stdlib \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/identity-server" /out/identity-server

FROM ubuntu:24.04
# libssl3t64: libcrypto at run time, the one system library the binary links beside glibc (`ldd` lists no
# libyaml); ca-certificates for outbound TLS (the identity providers' key sets, issue 48).
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libssl3t64 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/identity-server /usr/local/bin/identity-server
# A numeric non-root user (the Kubernetes manifest's runAsUser); the configuration and secrets are a
# read-only volume at /etc/identitybridge, watched for changes (a Kubernetes Secret's ..data swap too).
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/identity-server"]
CMD ["--config", "/etc/identitybridge/config.yaml", "--host", "0.0.0.0", "--port", "8080"]
