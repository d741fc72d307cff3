{{/* The release-scoped name prefix of every object. */}}
{{- define "strategylab.fullname" -}}
{{- if contains "strategylab" .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-strategylab" .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The four Quarkus services: values key -> component name. */}}
{{- define "strategylab.services" -}}
gateway: gateway
upstreamGateway: upstream-gateway
experimentService: experiment-service
chatService: chat-service
{{- end -}}

{{- define "strategylab.labels" -}}
app.kubernetes.io/name: strategylab
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: strategylab
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* Selector labels of one component; call with (dict "root" $ "component" "gateway"). */}}
{{- define "strategylab.selector" -}}
app.kubernetes.io/name: strategylab
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "strategylab.image" -}}
{{- $tag := .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- if .root.Values.image.registry -}}
{{- printf "%s/%s:%s" (trimSuffix "/" .root.Values.image.registry) .repository $tag -}}
{{- else -}}
{{- printf "%s:%s" .repository $tag -}}
{{- end -}}
{{- end -}}

{{/* Secret names: the chart's own or the operator's existing one. */}}
{{- define "strategylab.keysSecret" -}}
{{- if or .Values.secrets.peerSecret .Values.secrets.sessionsKey -}}
{{- printf "%s-keys" (include "strategylab.fullname" .) -}}
{{- else -}}
{{- required "secrets.existingSecret (or secrets.peerSecret and secrets.sessionsKey) is required" .Values.secrets.existingSecret -}}
{{- end -}}
{{- end -}}
{{- define "strategylab.tokenKeysSecret" -}}
{{- if or .Values.auth.local.privateKeyPem .Values.auth.local.publicKeyPem -}}
{{- printf "%s-token-keys" (include "strategylab.fullname" .) -}}
{{- else -}}
{{- required "auth.local.existingSecret (or auth.local.privateKeyPem and publicKeyPem) is required in local mode" .Values.auth.local.existingSecret -}}
{{- end -}}
{{- end -}}
{{- define "strategylab.modelKeysSecret" -}}
{{- .Values.modelKeys.existingSecret | default (printf "%s-model-keys" (include "strategylab.fullname" .)) -}}
{{- end -}}
{{- define "strategylab.hasModelKeys" -}}
{{- if or .Values.modelKeys.existingSecret .Values.modelKeys.openai .Values.modelKeys.anthropic .Values.modelKeys.gemini -}}true{{- end -}}
{{- end -}}

{{- define "strategylab.kafkaBootstrap" -}}
{{- if .Values.kafka.strimzi.enabled -}}
{{- printf "%s-kafka-kafka-bootstrap:9093" (include "strategylab.fullname" .) -}}
{{- else -}}
{{- required "kafka.bootstrapServers is required when kafka.strimzi.enabled is false" .Values.kafka.bootstrapServers -}}
{{- end -}}
{{- end -}}

{{- define "strategylab.pgCluster" -}}
{{- printf "%s-pg" (include "strategylab.fullname" .) -}}
{{- end -}}
{{- define "strategylab.pgUrl" -}}
{{- if .Values.postgres.cnpg.enabled -}}
{{- printf "postgresql://%s-rw:5432/%s" (include "strategylab.pgCluster" .) .Values.postgres.cnpg.database -}}
{{- else -}}
{{- printf "postgresql://%s:%v/%s" (required "postgres.external.host is required when postgres.cnpg.enabled is false" .Values.postgres.external.host) .Values.postgres.external.port .Values.postgres.external.database -}}
{{- end -}}
{{- end -}}
{{- define "strategylab.pgSecret" -}}
{{- if .Values.postgres.cnpg.enabled -}}
{{- printf "%s-app" (include "strategylab.pgCluster" .) -}}
{{- else -}}
{{- required "postgres.external.existingSecret (keys username, password) is required when postgres.cnpg.enabled is false" .Values.postgres.external.existingSecret -}}
{{- end -}}
{{- end -}}

{{/* A property name as the environment variable SmallRye Config maps back to it. */}}
{{- define "strategylab.envName" -}}
{{- regexReplaceAll "[^A-Za-z0-9]" . "_" | upper -}}
{{- end -}}

{{/* Kafka security: whether the clients use SASL, and whether a CA is mounted for TLS. */}}
{{- define "strategylab.kafkaSasl" -}}
{{- if hasPrefix "SASL_" (include "strategylab.kafkaProtocol" .) -}}true{{- end -}}
{{- end -}}

{{/* The clients' security protocol: the chart's Strimzi listener is SCRAM over TLS, else kafka.security.protocol. */}}
{{- define "strategylab.kafkaProtocol" -}}
{{- if .Values.kafka.strimzi.enabled -}}SASL_SSL{{- else -}}{{ .Values.kafka.security.protocol }}{{- end -}}
{{- end -}}
{{- define "strategylab.kafkaSaslMechanism" -}}
{{- if .Values.kafka.strimzi.enabled -}}SCRAM-SHA-512{{- else -}}{{ .Values.kafka.security.sasl.mechanism }}{{- end -}}
{{- end -}}

{{/* The Strimzi cluster's name, and the CA Strimzi makes for its listeners. */}}
{{- define "strategylab.kafkaCluster" -}}
{{- printf "%s-kafka" (include "strategylab.fullname" .) -}}
{{- end -}}

{{/* The components with a Kafka client and the ACLs of each (files/kafka-acls.yaml says why each right). */}}
{{- define "strategylab.kafkaAcls" -}}
{{ .Files.Get "files/kafka-acls.yaml" }}
{{- end -}}

{{/* Whether a component has a Kafka client (upstream-gateway has none). Call with (dict "root" $ "component" "x"). */}}
{{- define "strategylab.usesKafka" -}}
{{- if hasKey (include "strategylab.kafkaAcls" .root | fromYaml) .component -}}true{{- end -}}
{{- end -}}

{{- define "strategylab.kafkaCa" -}}
{{- $tls := .Values.kafka.security.tls -}}
{{- if and $tls.caSecret $tls.caConfigMap -}}
{{- fail "kafka.security.tls: give caSecret or caConfigMap, not both" -}}
{{- end -}}
{{- if or .Values.kafka.strimzi.enabled (and (hasSuffix "SSL" .Values.kafka.security.protocol) (or $tls.caSecret $tls.caConfigMap)) -}}true{{- end -}}
{{- end -}}

{{/* The key of the brokers' CA in its Secret or ConfigMap. */}}
{{- define "strategylab.kafkaCaKey" -}}
{{- if .Values.kafka.strimzi.enabled -}}ca.crt{{- else -}}{{ .Values.kafka.security.tls.caKey }}{{- end -}}
{{- end -}}
