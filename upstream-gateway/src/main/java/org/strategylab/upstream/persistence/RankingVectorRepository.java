package org.strategylab.upstream.persistence;

import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The embedding vectors of ranked lists in PostgreSQL ({@code ranking_vectors}, one row per list,
 * keyed by the list and its fingerprint). A row whose fingerprint or model differs is no answer: the
 * list changed, and its vectors are computed again and replace the row.
 */
@ApplicationScoped
public class RankingVectorRepository {

    @Inject
    Pool client;

    @ConfigProperty(name = "strategylab.schema")
    String schema;

    /** The stored vectors of the list, if they were computed for this fingerprint and model. */
    public Uni<Optional<float[][][]>> find(String indexKey, String fingerprint, String model) {
        return client.preparedQuery("SELECT dimensions, counts, vectors FROM " + table()
                        + " WHERE index_key = $1 AND fingerprint = $2 AND model = $3")
                .execute(Tuple.of(indexKey, fingerprint, model))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(read(rows.iterator().next())));
    }

    /** Stores (or replaces) the vectors of the list. */
    public Uni<Void> save(String indexKey, String fingerprint, String model, float[][][] vectors) {
        int dimensions = 0;
        int total = 0;
        Integer[] counts = new Integer[vectors.length];
        for (int d = 0; d < vectors.length; d++) {
            counts[d] = vectors[d].length;
            total += vectors[d].length;
            for (float[] v : vectors[d]) {
                dimensions = v.length;
            }
        }
        ByteBuffer bytes = ByteBuffer.allocate(total * dimensions * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float[][] set : vectors) {
            for (float[] v : set) {
                for (float f : v) {
                    bytes.putFloat(f);
                }
            }
        }
        return client.preparedQuery("INSERT INTO " + table() + " (index_key, fingerprint, model, dimensions, counts, vectors)"
                        + " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (index_key) DO UPDATE SET"
                        + " fingerprint = EXCLUDED.fingerprint, model = EXCLUDED.model, dimensions = EXCLUDED.dimensions,"
                        + " counts = EXCLUDED.counts, vectors = EXCLUDED.vectors, updated_at = now()")
                .execute(Tuple.of(indexKey, fingerprint, model, dimensions, counts, Buffer.buffer(bytes.array())))
                .replaceWithVoid();
    }

    /** The fingerprint stored for the list, if any (for tests and operators). */
    public Uni<Optional<String>> fingerprint(String indexKey) {
        return client.preparedQuery("SELECT fingerprint FROM " + table() + " WHERE index_key = $1")
                .execute(Tuple.of(indexKey))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getString("fingerprint")));
    }

    private static float[][][] read(Row row) {
        int dimensions = row.getInteger("dimensions");
        Integer[] counts = row.getArrayOfIntegers("counts");
        ByteBuffer bytes = ByteBuffer.wrap(row.getBuffer("vectors").getBytes()).order(ByteOrder.LITTLE_ENDIAN);
        float[][][] vectors = new float[counts.length][][];
        for (int d = 0; d < counts.length; d++) {
            vectors[d] = new float[counts[d]][dimensions];
            for (float[] v : vectors[d]) {
                for (int i = 0; i < dimensions; i++) {
                    v[i] = bytes.getFloat();
                }
            }
        }
        return vectors;
    }

    private String table() {
        return schema + ".ranking_vectors";
    }
}
