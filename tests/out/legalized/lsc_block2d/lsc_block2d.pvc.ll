define dllexport void @lsc_block2d(i64 %arg0, i64 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = shl i32 %arg2, 1
  call void @llvm.genx.lsc.prefetch2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 2, i8 2, i8 2, i8 1, i8 1, i16 16, i16 16, i8 0, i64 %arg0, i32 1023, i32 511, i32 1023, i32 %v0, i32 %arg3)
  %v2 = call <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 2, i16 8, i16 16, i8 0, i64 %arg0, i32 1023, i32 511, i32 1023, i32 %v0, i32 %arg3)
  %v3 = call <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 1, i8 2, i8 2, i8 1, i8 1, i16 16, i16 16, i8 1, i64 %arg0, i32 1023, i32 511, i32 1023, i32 %arg2, i32 %arg3)
  %v4 = call <128 x i32> @llvm.genx.lsc.load2d.stateless.v128i32.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 2, i8 1, i16 8, i16 16, i8 0, i64 %arg0, i32 1023, i32 511, i32 1023, i32 %arg2, i32 0)
  %v8 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v9 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v10 = add <32 x i16> %v8, %v9
  %v11 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> undef, <32 x i16> %v10, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v12 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 64, i32 undef)
  %v13 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 64, i32 undef)
  %v14 = add <32 x i16> %v12, %v13
  %v15 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %v11, <32 x i16> %v14, i32 0, i32 32, i32 1, i16 64, i32 undef, i1 true)
  %v16 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v17 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v18 = add <32 x i16> %v16, %v17
  %v19 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %v15, <32 x i16> %v18, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v20 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 192, i32 undef)
  %v21 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 192, i32 undef)
  %v22 = add <32 x i16> %v20, %v21
  %v23 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %v19, <32 x i16> %v22, i32 0, i32 32, i32 1, i16 192, i32 undef, i1 true)
  %v24 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 256, i32 undef)
  %v25 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 256, i32 undef)
  %v26 = add <32 x i16> %v24, %v25
  %v27 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %v23, <32 x i16> %v26, i32 0, i32 32, i32 1, i16 256, i32 undef, i1 true)
  %v28 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 320, i32 undef)
  %v29 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 320, i32 undef)
  %v30 = add <32 x i16> %v28, %v29
  %v31 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %v27, <32 x i16> %v30, i32 0, i32 32, i32 1, i16 320, i32 undef, i1 true)
  %v32 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 384, i32 undef)
  %v33 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 384, i32 undef)
  %v34 = add <32 x i16> %v32, %v33
  %v35 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %v31, <32 x i16> %v34, i32 0, i32 32, i32 1, i16 384, i32 undef, i1 true)
  %v36 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v2, i32 0, i32 32, i32 1, i16 448, i32 undef)
  %v37 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %v3, i32 0, i32 32, i32 1, i16 448, i32 undef)
  %v38 = add <32 x i16> %v36, %v37
  %v39 = call <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %v35, <32 x i16> %v38, i32 0, i32 32, i32 1, i16 448, i32 undef, i1 true)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v256i16(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 16, i8 0, i64 %arg1, i32 1023, i32 511, i32 1023, i32 %arg2, i32 %arg3, <256 x i16> %v39)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v128i32(<1 x i1> <i1 true>, i8 3, i8 3, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %arg1, i32 1023, i32 511, i32 1023, i32 16, i32 %arg3, <128 x i32> %v4)
  ret void
}

declare <128 x i32> @llvm.genx.lsc.load2d.stateless.v128i32.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.prefetch2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v128i32(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x i32>)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v256i16(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <256 x i16>)
declare <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16>, i32, i32, i32, i16, i32)
declare <256 x i16> @llvm.genx.wrregioni.v256i16.v32i16.i16.i1(<256 x i16>, <32 x i16>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i32, i32)* @lsc_block2d, !"lsc_block2d", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144, i32 148}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"", !""}
