define dllexport void @div64_wide(i32 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 8)
  %v2 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v0, <16 x i64> %v1)
  %v9 = ashr <16 x i64> %v2, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v10 = xor <16 x i64> %v2, %v9
  %v11 = sub <16 x i64> %v10, %v9
  %v12 = ashr <16 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v13 = xor <16 x i64> %v0, %v12
  %v14 = sub <16 x i64> %v13, %v12
  %v15 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v11, <16 x i64> %v14)
  %v16 = mul <16 x i64> %v15, %v14
  %v17 = sub <16 x i64> %v11, %v16
  %v18 = xor <16 x i64> %v17, %v9
  %v3 = sub <16 x i64> %v18, %v9
  %v4 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 2, i16 8, i32 undef)
  %v5 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v19 = ashr <8 x i64> %v4, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v20 = xor <8 x i64> %v4, %v19
  %v21 = sub <8 x i64> %v20, %v19
  %v22 = ashr <8 x i64> %v5, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v23 = xor <8 x i64> %v5, %v22
  %v24 = sub <8 x i64> %v23, %v22
  %v25 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v21, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v26 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v24, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v27 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v25, <16 x i64> %v26)
  %v28 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v27, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v29 = xor <8 x i64> %v19, %v22
  %v30 = xor <8 x i64> %v28, %v29
  %v6 = sub <8 x i64> %v30, %v29
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 16, <16 x i64> %v3)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 24, <8 x i64> %v6)
  ret void
}

define internal <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %arg0, <16 x i64> %arg1) {
bb0:
  %v0 = udiv <16 x i64> %arg0, %arg1
  ret <16 x i64> %v0
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_wide, !"div64_wide", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
