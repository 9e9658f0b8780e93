#!/usr/bin/env python3
"""Checks what kubernetes-validate cannot: the Prometheus Operator objects (monitoring.coreos.com/v1
ServiceMonitor, PrometheusRule) of the given manifests, which kubernetes-validate only WARNs about and passes.

1. Schema: each such document against its CRD's openAPIV3Schema (.ci/crd-schemas/, from prometheus-operator
   v0.93.0), made strict as kubernetes-validate --strict is (an object schema listing properties rejects any
   other key; the API server would prune it silently), with metadata checked as Kubernetes' ObjectMeta (from
   kubernetes-validate's own strict definitions), and x-kubernetes-list-type map/set keys unique. Not checked:
   the CEL rules (x-kubernetes-validations) some CRD versions add, and the PromQL (.ci/alert-rules.sh runs promtool).
2. No document goes unchecked: a kind that is neither one kubernetes-validate knows nor one vendored here fails.
3. Wiring, across all the manifests given: each ServiceMonitor selects exactly one Service, whose ports include
   every endpoint's port, whose targetPort is a named containerPort of the Deployment it selects, and that
   containerPort is the one the container's --metrics-port names; the job the ServiceMonitor yields (the
   Service's jobLabel label, else the Service's name) is the job every up{job="..."} of the PrometheusRules names.
Usage: crd_check.py MANIFEST...   (run with the CI venv's python: PyYAML, jsonschema, kubernetes-validate)
"""

import copy
import json
import os
import re
import sys

import jsonschema
import referencing
import yaml
from kubernetes_validate import utils as kv

HERE = os.path.dirname(os.path.abspath(__file__))
CRD_GROUPS = {"monitoring.coreos.com/v1"}
OBJECT_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
failures = []


def fail(message):
    failures.append(message)
    print(f"ERROR {message}")


def strict(schema):
    """kubernetes-validate's --strict for a CRD schema: objects that list properties allow no others."""
    if isinstance(schema, dict):
        schema = {k: (strict(v) if k != "properties" else {p: strict(s) for p, s in v.items()}) for k, v in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema and not schema.get("x-kubernetes-preserve-unknown-fields"):
            schema["additionalProperties"] = False
    elif isinstance(schema, list):
        schema = [strict(s) for s in schema]
    return schema


def list_types(validator, list_type, instance, schema):
    """x-kubernetes-list-type: map (items unique by x-kubernetes-list-map-keys) and set (items unique)."""
    if not isinstance(instance, list):
        return
    if list_type == "map":
        keys = schema.get("x-kubernetes-list-map-keys", [])
        seen = [tuple(item.get(k) for k in keys) for item in instance if isinstance(item, dict)]
    elif list_type == "set":
        seen = [json.dumps(item, sort_keys=True) for item in instance]
    else:
        return
    duplicates = sorted({str(s) for s in seen if seen.count(s) > 1})
    if duplicates:
        yield jsonschema.ValidationError(f"x-kubernetes-list-type {list_type}: duplicate {', '.join(duplicates)}")


Validator = jsonschema.validators.extend(jsonschema.Draft7Validator, {"x-kubernetes-list-type": list_types})
k8s_version = kv.latest_version()
definitions = kv.schema_contents(f"kubernetes-json-schema/v{k8s_version}-local-strict/_definitions.json", k8s_version)
object_meta = copy.deepcopy(definitions["$defs"][OBJECT_META])
object_meta["$schema"] = definitions["$schema"]
registry = referencing.Registry().with_resource(definitions["$id"], referencing.Resource.from_contents(definitions))


def crd_schema(document):
    path = os.path.join(HERE, "crd-schemas", f"{document['kind'].lower()}-{document['apiVersion'].replace('/', '-')}.json")
    if not os.path.exists(path):
        return None
    schema = strict(json.load(open(path)))
    schema["properties"]["metadata"] = {"type": "object"}  # checked on its own against ObjectMeta
    return schema


def name_of(document):
    return f"{document.get('kind', '?').lower()}/{(document.get('metadata') or {}).get('name', '?')}"


documents = []
for filename in sys.argv[1:]:
    for document in yaml.safe_load_all(open(filename)):
        if document:
            documents.append((filename, document))

for filename, document in documents:
    if document.get("apiVersion") in CRD_GROUPS:
        schema = crd_schema(document)
        if schema is None:
            fail(f"{filename}: no CRD schema in .ci/crd-schemas/ for {document.get('kind')} {document.get('apiVersion')}")
            continue
        errors = [(list(e.absolute_path), e.message) for e in Validator(schema).iter_errors(document)]
        meta = jsonschema.Draft202012Validator(object_meta, registry=registry)
        errors += [(["metadata"] + list(e.absolute_path), e.message) for e in meta.iter_errors(document.get("metadata", {}))]
        for path, message in errors:
            fail(f"{filename} did not validate for resource {name_of(document)}: {'.'.join(map(str, path))}: {message}")
        if not errors:
            print(f"INFO {filename} passed for resource {name_of(document)} against {document['apiVersion']} "
                  "(prometheus-operator v0.93.0 CRD schema, strict; metadata as ObjectMeta)")
    else:
        try:
            kv.validate(document, k8s_version, strict=True)
        except kv.SchemaNotFoundError as error:
            fail(f"{filename}: {error.message}, and none in .ci/crd-schemas/: the document would go unchecked")
        except kv.ValidationError:
            pass  # kubernetes-validate --strict reports it

# Wiring.
by_kind = {}
for _, document in documents:
    by_kind.setdefault(document.get("kind"), []).append(document)


def selects(selector, labels):
    return all(labels.get(k) == v for k, v in (selector or {}).items())


rule_jobs = set()
for rule_object in by_kind.get("PrometheusRule", []):
    for group in rule_object["spec"].get("groups", []):
        for rule in group.get("rules", []):
            rule_jobs.update(re.findall(r'\bup\s*\{[^}]*\bjob\s*=\s*"([^"]*)"', str(rule.get("expr", ""))))

for monitor in by_kind.get("ServiceMonitor", []):
    spec = monitor["spec"]
    selector = spec["selector"].get("matchLabels", {})
    if spec["selector"].get("matchExpressions"):
        fail(f"{name_of(monitor)}: matchExpressions are not followed by this check; select with matchLabels")
        continue
    services = [s for s in by_kind.get("Service", []) if selects(selector, s["metadata"].get("labels", {}))]
    if len(services) != 1:
        fail(f"{name_of(monitor)} selects {len(services)} Services ({', '.join(name_of(s) for s in services) or 'none'}); it must select one")
        continue
    service = services[0]
    job = service["metadata"].get("labels", {}).get(spec.get("jobLabel", ""), service["metadata"]["name"])
    ports = {p.get("name"): p for p in service["spec"]["ports"]}
    deployments = [d for d in by_kind.get("Deployment", [])
                   if selects(service["spec"].get("selector"), d["spec"]["template"]["metadata"].get("labels", {}))]
    if len(deployments) != 1:
        fail(f"{name_of(service)} selects {len(deployments)} Deployments' pods; expected one")
        continue
    containers = deployments[0]["spec"]["template"]["spec"]["containers"]
    for endpoint in spec["endpoints"]:
        port = ports.get(endpoint.get("port"))
        if port is None:
            fail(f"{name_of(monitor)}: endpoint port {endpoint.get('port')!r} is not a port of {name_of(service)}")
            continue
        target = port.get("targetPort", port["port"])
        matches = [(c, p) for c in containers for p in c.get("ports", []) if target in (p.get("name"), p["containerPort"])]
        if not matches:
            fail(f"{name_of(service)}: targetPort {target!r} is no containerPort of {name_of(deployments[0])}")
            continue
        container, container_port = matches[0]
        args = container.get("args", [])
        metrics_port = args[args.index("--metrics-port") + 1] if "--metrics-port" in args[:-1] else None
        if metrics_port != str(container_port["containerPort"]):
            fail(f"{name_of(deployments[0])}: the container's --metrics-port is {metrics_port}, "
                 f"but {name_of(monitor)} scrapes containerPort {container_port['containerPort']}")
            continue
        print(f"INFO {name_of(monitor)} scrapes {name_of(service)} port {endpoint['port']} -> "
              f"{name_of(deployments[0])} containerPort {container_port['containerPort']} (--metrics-port), job=\"{job}\"")
    if rule_jobs and rule_jobs != {job}:
        fail(f"the rules' up{{job=...}} name {sorted(rule_jobs)}, but {name_of(monitor)} yields job=\"{job}\"")
    elif rule_jobs:
        print(f"INFO the rules' up{{job=\"{job}\"}} is the job {name_of(monitor)} yields")

if failures:
    raise SystemExit(f"crd_check: {len(failures)} problem(s)")
print(f"crd_check: {sum(1 for _, d in documents if d.get('apiVersion') in CRD_GROUPS)} Prometheus Operator objects valid and wired")
