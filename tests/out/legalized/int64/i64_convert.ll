define dllexport void @i64_convert(i32 %arg0) {
bb0:
  %v0 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 0)
  %v1 = sext <8 x i32> %v0 to <8 x i64>
  %v2 = zext <8 x i32> %v0 to <8 x i64>
  %v3 = mul <8 x i64> %v1, %v2
  %v4 = lshr <8 x i64> %v3, <i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32>
  %v5 = trunc <8 x i64> %v4 to <8 x i32>
  %v6 = trunc <8 x i64> %v3 to <8 x i32>
  %v7 = add <8 x i32> %v5, %v6
  %v8 = trunc <8 x i32> %v7 to <8 x i16>
  %v9 = sext <8 x i16> %v8 to <8 x i64>
  %v10 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 8)
  %v18 = bitcast <16 x i64> %v10 to <32 x i32>
  %v19 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v18, i32 4, i32 2, i32 1, i16 8, i32 undef)
  %v11 = bitcast <8 x i32> %v19 to <4 x i64>
  %v20 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v9, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v21 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %v11, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v22 = add <4 x i64> %v20, %v21
  %v23 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v22, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v24 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v9, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v25 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %v11, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v26 = add <4 x i64> %v24, %v25
  %v27 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> %v23, <4 x i64> %v26, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  %v14 = trunc <8 x i64> %v27 to <8 x i1>
  %v15 = select <8 x i1> %v14, <8 x i64> %v27, <8 x i64> %v3
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 16, <8 x i64> %v15)
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 24, <8 x i32> %v7)
  ret void
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @i64_convert, !"i64_convert", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
