define dllexport void @simd_dowhile_store(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  br label %bb1
bb1:
  %v3 = phi <16 x i32> [ %v2, %bb0 ], [ %v11, %bb2 ]
  %v4 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v17, %bb2 ]
  %v5 = phi <32 x i1> [ <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, %bb0 ], [ %v16, %bb2 ]
  %v6 = and <16 x i32> %v3, <i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255, i32 255>
  %v7 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v5, i32 0)
  call void @llvm.genx.scatter.scaled.v16i1.i16.v16i32.v16i32(<16 x i1> %v7, i32 2, i16 0, i32 %arg0, i32 0, <16 x i32> %v6, <16 x i32> %v3)
  %v9 = sub <16 x i32> %v3, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %v10 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v5, i32 0)
  %v11 = select <16 x i1> %v10, <16 x i32> %v9, <16 x i32> %v3
  %v12 = icmp sgt <16 x i32> %v9, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v13 = xor <16 x i1> %v12, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v14 = xor <16 x i1> %v13, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v15 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v5, <16 x i1> %v4, <16 x i1> %v14)
  %v16 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v15, 0
  %v17 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v15, 1
  %v18 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v15, 2
  br i1 %v18, label %bb3, label %bb2
bb2:
  br label %bb1
bb3:
  %v19 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v16, <16 x i1> %v17)
  %v20 = extractvalue { <32 x i1>, i1 } %v19, 0
  %v21 = extractvalue { <32 x i1>, i1 } %v19, 1
  br label %bb4
bb4:
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare void @llvm.genx.scatter.scaled.v16i1.i16.v16i32.v16i32(<16 x i1>, i32, i16, i32, i32, <16 x i32>, <16 x i32>)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_dowhile_store, !"simd_dowhile_store", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
