package org.wargame.tracker.store;

import org.hibernate.boot.model.TypeContributions;
import org.hibernate.dialect.DatabaseVersion;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.type.SqlTypes;
import org.hibernate.type.descriptor.jdbc.BinaryJdbcType;
import org.hibernate.type.descriptor.jdbc.spi.JdbcTypeRegistry;

/**
 * PostgreSQL with Axon's {@code @Lob} payload and metadata columns as {@code bytea}: Hibernate would otherwise
 * store them as OID large objects, which are unreadable as JSON and leak when rows are deleted. Hibernate builds it
 * from the connection's metadata, so it knows the real server version (not the oldest one it supports).
 */
public class ByteaPostgresDialect extends PostgreSQLDialect {

    public ByteaPostgresDialect() {
        super();
    }

    public ByteaPostgresDialect(DialectResolutionInfo info) {
        super(info);
    }

    public ByteaPostgresDialect(DatabaseVersion version) {
        super(version);
    }

    @Override
    protected String columnType(int sqlTypeCode) {
        return sqlTypeCode == SqlTypes.BLOB ? "bytea" : super.columnType(sqlTypeCode);
    }

    @Override
    protected String castType(int sqlTypeCode) {
        return sqlTypeCode == SqlTypes.BLOB ? "bytea" : super.castType(sqlTypeCode);
    }

    @Override
    public void contributeTypes(TypeContributions typeContributions, ServiceRegistry serviceRegistry) {
        super.contributeTypes(typeContributions, serviceRegistry);
        JdbcTypeRegistry registry = typeContributions.getTypeConfiguration().getJdbcTypeRegistry();
        registry.addDescriptor(SqlTypes.BLOB, BinaryJdbcType.INSTANCE);
    }
}
