package org.strategylab.gateway.routing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sends one HTTP/1.1 request over a plain socket, byte for byte as written: rest-assured and the JDK
 * client normalise or re-encode request targets, which would hide what the gateway does with
 * {@code %2E%2E}, {@code %2F} or an overlong request line.
 */
public final class RawHttp {

    /** A response: status, headers (lower-case names) and body. */
    public record Response(int status, Map<String, String> headers, String body) {
    }

    private RawHttp() {
    }

    /** Sends {@code head} (request line and headers, no final blank line) and reads the answer. */
    public static Response send(URI root, String requestLine, String... headers) throws IOException {
        StringBuilder head = new StringBuilder(requestLine).append("\r\n")
                .append("Host: ").append(root.getHost()).append(':').append(root.getPort()).append("\r\n")
                .append("Connection: close\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        head.append("\r\n");
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return parse(readAll(socket.getInputStream()));
        }
    }

    /** Reads until the server closes, or until a response with a Content-Length is complete. */
    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                if (complete(out.toByteArray())) {
                    break;
                }
            }
        } catch (java.net.SocketException e) {
            // the server may reset after answering (it closes a connection it refused): keep what came
        }
        return out.toByteArray();
    }

    private static boolean complete(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        for (String line : text.substring(0, end).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return raw.length - end - 4 >= Integer.parseInt(line.substring(15).trim());
            }
        }
        return false;
    }

    private static Response parse(byte[] raw) {
        String text = new String(raw, StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IllegalStateException("no complete response: '" + text + "'");
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new TreeMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        String body = text.substring(end + 4);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new Response(status, headers, body);
    }

    private static String dechunk(String body) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < body.length()) {
            int lineEnd = body.indexOf("\r\n", at);
            int size = Integer.parseInt(body.substring(at, lineEnd).trim(), 16);
            if (size == 0) {
                break;
            }
            out.append(body, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toString();
    }
}
