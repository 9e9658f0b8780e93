#if TokenService
import Prometheus
import Synchronization

/// What ``ServiceMetrics`` reads again at each scrape: the listeners' open connections and the last CPU figure.
struct ScrapedState {
    /// Each listener's name and connection counter (its cap is set once, by ``ServiceMetrics/trackConnections(listener:connections:limit:)``).
    var listeners: [(name: String, connections: ConnectionCounter)] = []
    /// The CPU seconds of the previous scrape (the counter grows by the difference).
    var cpuSeconds: Double = 0
}

extension ServiceMetrics {
    /// `identitybridge_ready`.
    static var ready: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "ready", unitName: "",
            helpText: "1 while /readyz answers 200 (a configuration loaded, not draining), 0 otherwise.")
    }

    /// `identitybridge_config_generation`.
    static var generation: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "config_generation", unitName: "",
            helpText: "The generation serving: how many configurations were swapped in since the start (/readyz shows the same).")
    }

    /// `identitybridge_connections_open{listener}`.
    static var connectionsOpen: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "connections_open", unitName: "",
            helpText: "Connections open, by listener (service: the routes; metrics: /metrics and the health routes).")
    }

    /// `identitybridge_connections_limit{listener}`.
    static var connectionsLimit: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "identitybridge", metricName: "connections_limit", unitName: "",
            helpText: "The connection cap of each listener (--max-connections); past it connections are refused.")
    }

    /// Shows `listener`'s open connections (of `connections`) and its cap at every scrape.
    package func trackConnections(listener: String, connections: ConnectionCounter, limit: Int) {
        scraped.withLock { $0.listeners.append((listener, connections)) }
        registry.makeGauge(descriptor: Self.connectionsLimit, labels: [("listener", listener)]).set(Int64(limit))
    }

    /// Sets the gauges read at scrape time: readiness and generation of `state`, the listeners' connections,
    /// and the process's figures.
    func updateBeforeScrape(state: ServiceState) {
        let served = state.served
        registry.makeGauge(descriptor: Self.ready).set(Int64(served != nil && !state.isDraining ? 1 : 0))
        registry.makeGauge(descriptor: Self.generation).set(Int64(served?.generation ?? 0))
        let figures = ProcessFigures.current()
        let (listeners, cpuIncrease) = scraped.withLock { scraped -> ([(name: String, connections: ConnectionCounter)], Double) in
            var increase = 0.0
            if let cpu = figures.cpuSeconds, cpu > scraped.cpuSeconds {
                increase = cpu - scraped.cpuSeconds
                scraped.cpuSeconds = cpu
            }
            return (scraped.listeners, increase)
        }
        for (name, connections) in listeners {
            registry.makeGauge(descriptor: Self.connectionsOpen, labels: [("listener", name)]).set(Int64(connections.open))
        }
        let cpu = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                metricName: "process_cpu_seconds_total", unitName: "", helpText: "Total user and system CPU time spent in seconds."))
        if cpuIncrease > 0 { cpu.increment(by: cpuIncrease) }
        let gauges: [(String, String, Double?)] = [
            ("process_resident_memory_bytes", "Resident memory size in bytes.", figures.residentBytes),
            ("process_virtual_memory_bytes", "Virtual memory size in bytes.", figures.virtualBytes),
            ("process_open_fds", "Number of open file descriptors.", figures.openFileDescriptors),
            ("process_max_fds", "Maximum number of open file descriptors.", figures.maxFileDescriptors),
            ("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", figures.startTimeSeconds),
        ]
        for (name, help, value) in gauges {
            guard let value else { continue }
            registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help)).set(to: value)
        }
    }
}
#endif
